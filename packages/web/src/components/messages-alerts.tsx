import Alert, { type AlertColor } from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import type { Message, MessageLevel } from '@portail/contract/schemas/common';
import { useTranslation } from 'react-i18next';

/** ERROR red, WARN orange, INFO teal (the theme's success colour) (docs/interface-conventions.md#server-messages). */
const SEVERITY: Record<MessageLevel, AlertColor> = { ERROR: 'error', WARN: 'warning', INFO: 'success' };

/** Values substituted for `{{0}}`, `{{1}}`... in the catalogues' texts. */
export function messageValues(message: Message): Record<string, string> {
  return Object.fromEntries((message.args ?? []).map((value, index) => [String(index), value]));
}

function messageKey(message: Message): string {
  return [message.level, message.errorCode, ...(message.args ?? [])].join('|');
}

/** The business messages of a reply (`ciemException.messages`), translated by errorCode. */
export function MessagesAlerts({ messages }: { messages: readonly Message[] }) {
  const { t } = useTranslation();
  // The same message twice says nothing more: show it once.
  const unique = [...new Map(messages.map((message) => [messageKey(message), message])).entries()];
  if (unique.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ my: 2 }}>
      {unique.map(([key, message]) => (
        <Alert key={key} severity={SEVERITY[message.level]} variant="outlined">
          {t(`messages.${message.errorCode}`, {
            ...messageValues(message),
            defaultValue: t('messages.unknown', { code: message.errorCode }),
          })}
        </Alert>
      ))}
    </Stack>
  );
}
