import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import Tab, { tabClasses } from '@mui/material/Tab';
import Tabs, { type TabsActions, tabsClasses } from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { SessionUser } from '@portail/contract/schemas/auth';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { currentUser, isCorrespondant, isParticipant, useSession } from '../../lib/session';
import { MyDataTab } from '../my-data';
import { AddressEditor } from './components/address-editor';
import { EstablishmentsTab } from './components/establishments-tab';
import { NotificationsTab } from './components/notifications-tab';
import { RecordTab } from './components/record-tab';
import { SecurityTab } from './components/security-tab';
import { PersonalTab, ProfessionalTab } from './components/tab-contents';
import { RECORD_TAB, TAB_PARAM } from './tabs';

/** The strip on a wide screen: tabs wrap onto a second line; the tab shown is underlined itself. */
const WRAPPED = {
  [`& .${tabsClasses.list}`]: { flexWrap: 'wrap' },
  [`& .${tabsClasses.indicator}`]: { display: 'none' },
  [`& .${tabClasses.selected}`]: {
    boxShadow: (theme: Theme) => `inset 0 -2px 0 ${theme.palette.primary.main}`,
  },
} as const;

type TabKey =
  | typeof RECORD_TAB
  | 'personnel'
  | 'notifications'
  | 'professionnel'
  | 'adresse'
  | 'etablissements'
  | 'securite'
  | 'donnees';

/**
 * The tabs of docs/personal-details.md#tabs the user has, in the specification's order; a participant's own record, read-only,
 * comes first (issue 18: "Mes informations" and "Mes coordonnées" made one place).
 */
function tabsFor(user: SessionUser): TabKey[] {
  const correspondant = isCorrespondant(user);
  const participant = isParticipant(user);
  // The centre's staff have no personal details here, only their sessions (issue 23).
  if (!participant && !correspondant) return ['securite'];
  return [
    ...(participant ? ([RECORD_TAB, 'personnel', 'notifications'] as const) : []),
    'professionnel',
    ...(correspondant && !participant ? (['notifications'] as const) : []),
    ...(correspondant ? (['adresse'] as const) : []),
    ...(correspondant && !user.correspondantEtablissement ? (['etablissements'] as const) : []),
    'securite',
    // "My data" (docs/personal-details.md#my-data): the participant's archive, last of their tabs.
    ...(participant ? (['donnees'] as const) : []),
  ];
}

function TabContent({ tab, user }: { tab: TabKey; user: SessionUser }) {
  switch (tab) {
    case RECORD_TAB:
      return <RecordTab />;
    case 'personnel':
      return <PersonalTab />;
    case 'notifications':
      return <NotificationsTab />;
    case 'professionnel':
      return <ProfessionalTab user={user} />;
    case 'adresse':
      return <AddressEditor establishmentId={null} />;
    case 'etablissements':
      return <EstablishmentsTab />;
    case 'securite':
      return <SecurityTab />;
    case 'donnees':
      return <MyDataTab />;
  }
}

/**
 * "Mes coordonnées" (docs/personal-details.md#tabs): one tab per part the user has; for a participant, their record first. The tab shown is in the address (a reload
 * keeps it), so leaving a modified form for another tab asks first, as leaving the page does.
 */
export function AccountPage() {
  const { t } = useTranslation();
  const user = currentUser(useSession());
  const [params, setParams] = useSearchParams();
  const baseId = useId();
  const wide = useMediaQuery((theme) => theme.breakpoints.up('md'), { noSsr: true });
  const strip = useRef<TabsActions>(null);
  const asked = params.get(TAB_PARAM);
  // The strip's fonts and the side menu settle after the first paint: measure again, then bring the
  // tab shown into view (a scrolling strip left it under its arrow).
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      strip.current?.updateIndicator();
      strip.current?.updateScrollButtons();
      if (!wide && asked)
        document
          .getElementById(`${baseId}-tab-${asked}`)
          ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    });
    return () => cancelAnimationFrame(frame);
  }, [asked, wide, baseId]);
  if (!user) return null;
  const tabs = tabsFor(user);
  const current = tabs.find((tab) => tab === asked) ?? tabs[0] ?? 'professionnel';
  const tabId = (tab: TabKey) => `${baseId}-tab-${tab}`;
  const panelId = (tab: TabKey) => `${baseId}-panel-${tab}`;

  return (
    <>
      <PageTitle>{t('routes.myDetails')}</PageTitle>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={current}
          onChange={(_, tab: TabKey) => setParams({ [TAB_PARAM]: tab }, { replace: true })}
          aria-label={t('account.tabs.label')}
          // Wide enough, every tab is in view, on two lines when they do not fit on one (a participant
          // has six); on a phone the strip scrolls, and the tab shown is brought into view.
          variant={wide ? 'standard' : 'scrollable'}
          scrollButtons="auto"
          allowScrollButtonsMobile
          action={strip}
          sx={wide ? WRAPPED : undefined}
        >
          {tabs.map((tab) => (
            <Tab
              key={tab}
              value={tab}
              label={t(`account.tabs.${tab}`)}
              id={tabId(tab)}
              aria-controls={panelId(tab)}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={panelId(current)} aria-labelledby={tabId(current)}>
        <TabContent key={current} tab={current} user={user} />
      </Box>
    </>
  );
}
