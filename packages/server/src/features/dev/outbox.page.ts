import type { DemoProvidersState, OutboxEntry } from '@portail/contract/schemas/dev';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const CHANNEL_LABEL: Record<OutboxEntry['channel'], string> = {
  SMS: 'SMS',
  MAIL: 'E-mail',
  LETTER: 'Courrier postal',
};

const WAITING_LABEL: Record<string, string> = {
  QUEUED: 'en file',
  RETRYING: 'en nouvelle tentative',
  DEAD: 'abandonnés (à renvoyer depuis la console du centre)',
};

/** One provider's state and the plain form (no script) that switches it. */
function providerSwitch(channel: 'SMS' | 'MAIL', accepting: boolean): string {
  const name = channel === 'SMS' ? 'SMS' : 'e-mails';
  return `<form method="post" action="/dev/outbox/providers">
<input type="hidden" name="channel" value="${channel}">
<input type="hidden" name="accepting" value="${accepting ? 'false' : 'true'}">
<p>Fournisseur de ${name} de démonstration : <strong>${accepting ? 'accepte les messages' : 'refuse les messages'}</strong>
<button type="submit">${accepting ? `Couper les ${name}` : `Rétablir les ${name}`}</button></p>
</form>`;
}

const parisTime = (iso: string) => new Date(iso).toLocaleString('fr-FR', { timeZone: 'Europe/Paris' });

/** The demo outbox as a plain page, newest first: a person trying the portal reads their code here. */
export function renderOutboxPage(
  items: OutboxEntry[],
  product: string,
  providers: DemoProvidersState,
  waiting: readonly { status: string; count: number }[],
): string {
  const waitingText = waiting
    .map((entry) => `${entry.count} ${WAITING_LABEL[entry.status] ?? entry.status}`)
    .join(', ');
  const rows = items
    .map(
      (item) => `<tr>
  <td>${escapeHtml(parisTime(item.createdAt))}${
    item.status === 'QUEUED' && item.notBefore
      ? `<br><strong>En attente</strong> : part le ${escapeHtml(parisTime(item.notBefore))} (heures calmes)`
      : ''
  }</td>
  <td>${CHANNEL_LABEL[item.channel]}</td>
  <td>${escapeHtml(item.recipient)}</td>
  <td>${item.subject ? `<strong>${escapeHtml(item.subject)}</strong><br>` : ''}<pre>${escapeHtml(item.body)}</pre>${item.attachments
    .map(
      (file) =>
        `<a href="/api/dev/outbox/${item.id}/attachments/${file.id}">${escapeHtml(file.fileName)}</a> (${file.size} o)`,
    )
    .join('<br>')}</td>
</tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Boîte d'envoi de démonstration — ${escapeHtml(product)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem; color: #1a1a1a; }
table { border-collapse: collapse; width: 100%; }
th, td { border-bottom: 1px solid #ccc; padding: .5rem; text-align: left; vertical-align: top; }
pre { white-space: pre-wrap; margin: 0; font: inherit; }
</style>
</head>
<body>
<main>
<h1>Boîte d'envoi de démonstration</h1>
<p>Mode démonstration : les SMS et e-mails du portail ne partent pas, ils arrivent ici (les plus récents en premier). Rechargez la page après une action.</p>
<section aria-labelledby="providers">
<h2 id="providers">Fournisseurs</h2>
<p>Coupé, un fournisseur refuse les messages : ils attendent dans la file d'envoi, qui réessaie avec un délai croissant ; rétabli, ils arrivent sans nouvelle demande.</p>
${providerSwitch('SMS', providers.sms)}
${providerSwitch('MAIL', providers.mail)}
<p>Messages en attente : ${waitingText || 'aucun'}.</p>
</section>
<h2>Messages acceptés, et ceux qui attendent leur heure</h2>
<table>
<thead><tr><th scope="col">Date</th><th scope="col">Canal</th><th scope="col">Destinataire</th><th scope="col">Message</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="4">Aucun message pour le moment.</td></tr>'}
</tbody>
</table>
</main>
</body>
</html>`;
}
