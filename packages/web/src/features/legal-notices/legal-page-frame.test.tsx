import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { centreFixture } from '../../test/centre-fixture';
import { LegalNoticePage } from './legal-notice-page';
import { fakeCentreServer, json, renderPage } from './legal-test-kit';

afterEach(() => vi.unstubAllGlobals());

describe('legal page frame', () => {
  it('says when the centre could not be loaded, and loads it again on demand', async () => {
    let fail = true;
    const urls = fakeCentreServer(() => (fail ? json({ error: 'down' }, 503) : json(centreFixture())));
    const { user } = renderPage('/mentionsLegales', <LegalNoticePage />);
    expect(screen.getByRole('progressbar', { name: 'Chargement des mentions légales…' })).toBeVisible();
    expect(await screen.findByText('Les mentions légales n’ont pas pu être chargées.')).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('123 456 789 00012')).toBeVisible();
    expect(urls).toEqual(['/api/centre', '/api/centre']);
  });
});
