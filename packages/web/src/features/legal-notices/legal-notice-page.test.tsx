import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { centreFixture } from '../../test/centre-fixture';
import { LegalNoticePage } from './legal-notice-page';
import { fakeCentreServer, json, renderPage, signInAs } from './legal-test-kit';

let urls: string[];
beforeEach(() => {
  urls = fakeCentreServer(() => json(centreFixture()));
});
afterEach(() => vi.unstubAllGlobals());

const section = (name: string) => screen.getByRole('region', { name });

describe('legal notice', () => {
  it('names the publisher, the product, the contact and the host from the centre’s configuration', async () => {
    renderPage('/mentionsLegales', <LegalNoticePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Mentions légales' })).toBeVisible();
    const publisher = await screen.findByRole('region', { name: 'Éditeur' });
    expect(urls).toEqual(['/api/centre']);
    expect(publisher).toHaveTextContent('Portail Lumière est édité par :');
    for (const value of [
      'Association Lumière Santé',
      'Association loi 1901',
      '123 456 789 00012',
      '3 place Bellecour, 69002 Lyon, France',
      'Mme Claire Dubois',
    ])
      expect(within(publisher).getByText(value)).toBeVisible();

    const contact = section('Contact');
    expect(within(contact).getByRole('link', { name: 'support@centre.example' })).toHaveAttribute(
      'href',
      'mailto:support@centre.example',
    );
    expect(within(contact).getByRole('link', { name: '04 72 00 00 00' })).toHaveAttribute(
      'href',
      'tel:0472000000',
    );

    const host = section('Hébergement');
    expect(within(host).getByText('Hébergeur Santé Sûre')).toBeVisible();
    expect(within(host).getByText('8 rue des Serveurs, 59000 Lille, France')).toBeVisible();
    expect(within(host).getByText('03 20 00 00 00')).toBeVisible();
    expect(host).toHaveTextContent('hébergeur certifié pour l’hébergement de données de santé (HDS)');
  });

  it('gives the data protection officer’s address, the rights and the CNIL; no cookie is set', async () => {
    renderPage('/mentionsLegales', <LegalNoticePage />);
    const data = await screen.findByRole('region', { name: 'Données personnelles' });
    expect(data).toHaveTextContent('Association Lumière Santé, responsable du traitement');
    expect(within(data).getAllByRole('listitem')).toHaveLength(4);
    expect(within(data).getByRole('link', { name: 'dpo@centre.example' })).toHaveAttribute(
      'href',
      'mailto:dpo@centre.example',
    );
    expect(within(data).getByRole('link', { name: /réclamation à la CNIL/ })).toHaveAttribute(
      'href',
      'https://www.cnil.fr/fr/adresser-une-plainte',
    );
    // Signed out, the data-protection page (signed-in only) is not offered.
    expect(within(data).queryByRole('link', { name: /politique de protection/ })).toBeNull();
    expect(section('Cookies')).toHaveTextContent('stockage de session de l’onglet');
    expect(section('Propriété intellectuelle')).toHaveTextContent(
      'sans l’autorisation écrite de l’éditeur est interdite',
    );
    expect(screen.queryByRole('link', { name: "Retour à l'accueil" })).toBeNull();
  });

  it('links a signed-in participant to the data-protection page and back home', async () => {
    signInAs(['ROLE_PARTICIPANT']);
    const { user, router } = renderPage('/mentionsLegales', <LegalNoticePage />);
    const data = await screen.findByRole('region', { name: 'Données personnelles' });
    await user.click(
      within(data).getByRole('link', { name: 'Consulter la politique de protection des données' }),
    );
    expect(router.state.location.pathname).toBe('/politiqueProtectionDonnees');
    await router.navigate('/mentionsLegales');
    await user.click(await screen.findByRole('link', { name: "Retour à l'accueil" }));
    expect(router.state.location.pathname).toBe('/home');
  });

  it('offers the data-protection link to an admin too, whose menu always shows the page (docs/data-protection-and-legal.md#legal-notice)', async () => {
    signInAs(['ROLE_ADMIN']);
    renderPage('/mentionsLegales', <LegalNoticePage />);
    const data = await screen.findByRole('region', { name: 'Données personnelles' });
    expect(
      within(data).getByRole('link', { name: 'Consulter la politique de protection des données' }),
    ).toHaveAttribute('href', '/politiqueProtectionDonnees');
    expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toBeVisible();
  });
});
