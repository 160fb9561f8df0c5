/**
 * The one way the portal writes a person's name (issue 18): LAST NAME First name, in grids, titles,
 * cards, dialogs and mails alike. The last name is upper-cased (a participant's is stored so already;
 * a correspondant's or an account's may not be), each part trimmed and its inner spaces squeezed; a
 * missing part leaves no stray space.
 */
export function formatPersonName(
  lastName: string | null | undefined,
  firstName: string | null | undefined,
): string {
  const squeeze = (text: string | null | undefined) => (text ?? '').trim().replace(/\s+/g, ' ');
  return [squeeze(lastName).toLocaleUpperCase('fr-FR'), squeeze(firstName)].filter(Boolean).join(' ');
}
