// talisman ships no type declarations; only the phonetic algorithm the participants feature uses.
declare module 'talisman/phonetics/french/fonem' {
  /** FONEM (Bouchard, Brard, Lavoie 1981): a French phonetic key of a family name, `GAUTHIER` → `GOTIER`. */
  export default function fonem(name: string): string;
}
