import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { LANGUAGES, type Language } from '@portail/contract/constants';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../lib/i18n';

const LABELS: Record<Language, { short: string; name: string; lang: string }> = {
  fr_FR: { short: 'FR', name: 'Français', lang: 'fr' },
  en_EN: { short: 'EN', name: 'English', lang: 'en' },
};

/** FR / EN choice for the pages shown before the menu (sign-in, confirmation, recovery). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Stack direction="row" role="group" aria-label={t('layout.language')} spacing={0.5}>
      {LANGUAGES.map((language) => {
        const selected = i18n.language === language;
        return (
          <Button
            key={language}
            size="small"
            color="inherit"
            variant={selected ? 'outlined' : 'text'}
            aria-pressed={selected}
            aria-label={LABELS[language].name}
            lang={LABELS[language].lang}
            onClick={() => void changeLanguage(language, true)}
            sx={{ minWidth: 44 }}
          >
            {LABELS[language].short}
          </Button>
        );
      })}
    </Stack>
  );
}
