import { formatActivationCode } from '@portail/contract/rules/activation-code';
import type { InviteKind, InviteOutcome, IssuedActivationCode } from './invite-account';

/** What `npm run invite` prints: what was sent, and a participant's activation code. */
export function describeInvite(kind: InviteKind, id: number, outcome: InviteOutcome, demo: boolean): string {
  const who = `${kind} ${id}`;
  const where = demo ? ' (demo mode: see the outbox, /dev/outbox)' : '';
  switch (outcome.result) {
    case 'unknown':
      return `No ${who}.`;
    case 'inactive':
      return `${who} is no longer active at the centre: nothing sent.`;
    case 'noEmail':
      return `${who}${outcome.login ? ` (${outcome.login})` : ''} has no e-mail address: nothing sent.`;
    case 'registration':
      return [
        outcome.sent
          ? `${who}: ${outcome.created ? `account ${outcome.login} created, ` : `account ${outcome.login} not yet registered, `}registration link mailed to ${outcome.to}${where}. Earlier links no longer work.`
          : `${who}: a new registration link was issued for ${outcome.login} but the mail to ${outcome.to} failed; run the command again later.`,
        ...(outcome.activation ? [activationText(outcome.activation)] : []),
      ].join('\n');
    case 'changePassword':
      return outcome.sent
        ? `${who}: account ${outcome.login} is already active; change-password link mailed to ${outcome.to}${where}.`
        : `${who}: account ${outcome.login} is already active; the change-password mail to ${outcome.to} failed: run the command again later.`;
  }
}

/** The code as the staff read it out or copy it into the letter; the earlier codes stop working. */
function activationText(activation: IssuedActivationCode): string {
  const until = activation.expiresAt.toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' });
  return [
    `Activation code: ${formatActivationCode(activation.code)} (valid until ${until}; earlier codes no longer work).`,
    'Give it to the participant in person after checking an identity document, or post it to the postal',
    'address the centre holds for them. Never give it to the employer or send it to contact details the',
    'employer typed: with their birth date, it is what proves the person registering is the participant.',
  ].join('\n');
}
