import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { maxLengthOf } from '../src/schemas/limits';
import { participantContact, participantFormFields } from '../src/schemas/participants';

describe('the longest text a field accepts, read from its schema', () => {
  it('reads a plain string maximum', () => {
    expect(maxLengthOf(z.string().max(12))).toBe(12);
  });
  it('looks through optional, nullable, default and transforms', () => {
    expect(maxLengthOf(z.string().trim().max(30).nullable().optional())).toBe(30);
    expect(maxLengthOf(z.string().max(8).default('a'))).toBe(8);
    expect(
      maxLengthOf(
        z
          .string()
          .max(5)
          .transform((text) => text.toUpperCase()),
      ),
    ).toBe(5);
  });
  it('takes the longest option of a union (an e-mail or nothing)', () => {
    expect(maxLengthOf(z.union([z.literal(''), z.email().max(254)]).nullable())).toBe(254);
  });
  it('is undefined where no maximum is set', () => {
    expect(maxLengthOf(z.string())).toBeUndefined();
    expect(maxLengthOf(z.number().max(3))).toBeUndefined();
  });
  it("gives the participant form's limits as the server checks them", () => {
    expect(maxLengthOf(participantFormFields.shape.telephonePortable)).toBe(30);
    expect(maxLengthOf(participantContact.shape.mail)).toBe(254);
    expect(maxLengthOf(participantFormFields.shape.mail)).toBe(254);
    expect(maxLengthOf(participantContact.shape.nom)).toBe(100);
    expect(maxLengthOf(participantContact.shape.fonction)).toBe(100);
  });
});
