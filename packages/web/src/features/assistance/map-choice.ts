/**
 * The visitor's choice to see the map, kept for the tab: the tiles come from OpenStreetMap's servers,
 * so nothing is fetched from there until the visitor asks once.
 */
const MAP_CHOICE_KEY = 'portail.assistance.map';

export function mapChosen(): boolean {
  try {
    return sessionStorage.getItem(MAP_CHOICE_KEY) === 'shown';
  } catch {
    return false;
  }
}

export function rememberMapChoice(): void {
  try {
    sessionStorage.setItem(MAP_CHOICE_KEY, 'shown');
  } catch {
    // Storage refused (private mode): the map still shows, the choice is only not kept.
  }
}
