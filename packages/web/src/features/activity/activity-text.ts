import type { ActivityActor, ActivityEntry } from '@portail/contract/schemas/activity';
import type { TFunction } from 'i18next';

/** "Firefox 128 · Windows 10" (the server's summary) → "Firefox 128 sur Windows 10". */
function deviceText(t: TFunction, browser: string | null): string | null {
  if (!browser) return null;
  const [name, system] = browser.split(' · ');
  return name && system ? t('activity.device', { browser: name, system }) : browser;
}

/** Who acted, as the subject of a sentence: "Votre correspondant Jean DUPONT", "Opérateur du centre · A7K2". */
export function actorText(t: TFunction, actor: ActivityActor): string {
  switch (actor.kind) {
    case 'self':
      return t('activity.actor.self');
    case 'correspondant':
      return t('activity.actor.correspondant', { name: actor.name ?? '' });
    case 'staff':
      return t('activity.actor.staff', {
        role: t(`activity.role.${actor.role ?? 'operator'}`),
        name: actor.name ?? '',
      });
    case 'system':
      return t('activity.actor.system');
  }
}

const quoted = (t: TFunction, titles: string[]) =>
  titles.map((title) => t('activity.quoted', { title })).join(', ');

/** The documents of a send: their titles when still shown, else how many. */
function sentDocuments(t: TFunction, entry: ActivityEntry): string {
  const hidden = entry.documentCount - entry.documents.length;
  const parts = [
    ...(entry.documents.length > 0 ? [quoted(t, entry.documents)] : []),
    ...(hidden > 0 ? [t('activity.withdrawnCount', { count: hidden })] : []),
  ];
  return parts.join(', ');
}

/** One event as a sentence a person reads (docs/activity.md#screen). */
export function activitySentence(t: TFunction, entry: ActivityEntry): string {
  const actor = actorText(t, entry.actor);
  const title = entry.documents[0];
  const other = entry.actor.kind === 'self' ? 'self' : 'other';
  const fields = entry.fields.map((field) => t(`activity.fields.${field}`)).join(', ');
  const device = deviceText(t, entry.browser);
  switch (entry.kind) {
    case 'signIn':
    case 'signInUnconfirmed':
    case 'signInFailed':
    case 'sessionsEnded':
      return device ? t(`activity.${entry.kind}.from`, { device }) : t(`activity.${entry.kind}.plain`);
    case 'codeFailed':
    case 'accountLocked':
    case 'passwordChanged':
    case 'dataArchiveBuilt':
    case 'passkeyAdded':
    case 'passkeyRemoved':
    case 'appAdded':
    case 'appRemoved':
    case 'smsCodeOff':
    case 'smsCodeOn':
    case 'recoveryCodeUsed':
    case 'recoveryCodesRenewed':
      return t(`activity.${entry.kind}`);
    case 'documentViewed':
    case 'documentDownloaded':
    case 'documentPublished':
    case 'documentUpdated':
      return title ? t(`activity.${entry.kind}.titled`, { title }) : t(`activity.${entry.kind}.untitled`);
    case 'documentsSent':
    case 'documentsSendFailed':
      return t(`activity.${entry.kind}`, {
        count: entry.documentCount,
        documents: sentDocuments(t, entry),
        domain: entry.recipientDomain ?? '?',
      });
    case 'recordCreated':
    case 'membershipEnded':
    case 'membershipResumed':
    case 'transferRequested':
    case 'transferAccepted':
    case 'transferCancelled':
      return t(`activity.${entry.kind}`, { actor });
    case 'recordChanged':
    case 'contactChanged':
      return fields
        ? t(`activity.recordChanged.${other}Fields`, { actor, fields })
        : t(`activity.recordChanged.${other}`, { actor });
    case 'staffAction':
      return t(`activity.staffAction.${entry.staffAction ?? 'ACCOUNT_VIEWED'}`, { actor });
  }
}
