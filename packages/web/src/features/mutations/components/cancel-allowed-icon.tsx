import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import { useTranslation } from 'react-i18next';

/** Allowed-to-cancel as a checked or an empty box (docs/transfers.md#list), named for screen readers. */
export function CancelAllowedIcon({ allowed }: { allowed: boolean }) {
  const { t } = useTranslation();
  const label = t(allowed ? 'mutations.cancelAllowed.yes' : 'mutations.cancelAllowed.no');
  const Icon = allowed ? CheckBoxIcon : CheckBoxOutlineBlankIcon;
  return <Icon titleAccess={label} color={allowed ? 'primary' : 'action'} sx={{ verticalAlign: 'middle' }} />;
}
