import type { CentreInfo } from '@portail/contract/schemas/assistance';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { changeLanguage } from '../../lib/i18n';
import { centreFixture } from '../../test/centre-fixture';
import { AccessibilityPage } from './accessibility-page';
import { AccessibilityStatement } from './components/accessibility-statement';
import { fakeCentreServer, json, renderPage } from './legal-test-kit';

beforeEach(() => {
  fakeCentreServer(() => json(centreFixture()));
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('fr_FR', false);
});

function renderStatement(accessibilite: CentreInfo['accessibilite']) {
  render(
    <Providers>
      <AccessibilityStatement centre={centreFixture({ accessibilite })} />
    </Providers>,
  );
}

const section = (name: string) => screen.getByRole('region', { name });

describe('accessibility statement', () => {
  it('states the commitment, the status, the rate and the audit date of the configured centre', async () => {
    renderPage('/accessibilite', <AccessibilityPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Déclaration d’accessibilité' })).toBeVisible();
    const status = await screen.findByRole('region', { name: 'État de conformité' });
    expect(
      screen.getByText(
        'Association Lumière Santé s’engage à rendre Portail Lumière accessible, conformément à l’article 47 de la loi n° 2005-102 du 11 février 2005.',
      ),
    ).toBeVisible();
    expect(status).toHaveTextContent('Portail Lumière est partiellement conforme avec le référentiel');
    expect(status).toHaveTextContent(
      /L’audit de conformité réalisé le 20\/11\/2026 révèle que 86\s% des critères du RGAA version 4\.1 sont respectés\./,
    );
    expect(within(status).getByRole('heading', { level: 3, name: 'Résultats des tests' })).toBeVisible();
  });

  it('lists the non-accessible contents, how the statement was made, contact and recourse', async () => {
    renderPage('/accessibilite', <AccessibilityPage />);
    const contents = await screen.findByRole('region', { name: 'Contenus non accessibles' });
    expect(contents).toHaveTextContent('Les documents PDF produits par le centre');
    expect(contents).toHaveTextContent('l’adresse du centre est donnée en texte à côté de la carte');
    expect(contents).toHaveTextContent('Les documents provenant de tiers');

    const made = section('Établissement de cette déclaration');
    expect(made).toHaveTextContent('Cette déclaration a été établie le 20/11/2026.');
    expect(made).toHaveTextContent('WAI-ARIA');
    expect(made).toHaveTextContent('axe-core');
    expect(within(made).getAllByRole('heading', { level: 3 })).toHaveLength(2);

    const feedback = section('Retour d’information et contact');
    expect(within(feedback).getByRole('link', { name: 'support@centre.example' })).toHaveAttribute(
      'href',
      'mailto:support@centre.example',
    );
    expect(feedback).toHaveTextContent(
      'Par courrier : Centre Lumière, 12 avenue du Parc, 69003 Lyon, France',
    );

    const recourse = section('Voies de recours');
    expect(
      within(recourse).getByRole('link', { name: /Défenseur des droits \(formulaire en ligne\)/ }),
    ).toHaveAttribute('href', 'https://formulaire.defenseurdesdroits.fr/');
    expect(within(recourse).getByRole('link', { name: '09 69 39 00 00' })).toHaveAttribute(
      'href',
      'tel:0969390000',
    );
    expect(recourse).toHaveTextContent('Défenseur des droits, Libre réponse 71120, 75342 Paris CEDEX 07');
  });

  it.each([
    ['totale', 'est totalement conforme avec le référentiel'],
    ['partielle', 'est partiellement conforme avec le référentiel'],
    ['non', 'est non conforme avec le référentiel'],
  ] as const)('words the status %s', (statut, wording) => {
    renderStatement({ audit: true, statut, dateAudit: '2025-01-31', tauxConformite: 100 });
    expect(section('État de conformité')).toHaveTextContent(`Portail Lumière ${wording}`);
  });

  it('says "non conforme", with no rate and no date, while the portal has not been audited', () => {
    renderStatement({ audit: false, statut: 'non' });
    const status = section('État de conformité');
    expect(status).toHaveTextContent(
      'Portail Lumière est non conforme avec le référentiel général d’amélioration de l’accessibilité (RGAA), version 4.1 : ce portail n’a pas encore fait l’objet d’un audit de conformité.',
    );
    expect(status).toHaveTextContent('Aucun audit de conformité n’a encore été réalisé');
    expect(status).not.toHaveTextContent('%');
    expect(section('Établissement de cette déclaration')).not.toHaveTextContent('établie le');
  });

  it('formats the date and the rate for the English interface', async () => {
    await changeLanguage('en_EN', false);
    renderStatement({ audit: true, statut: 'non', dateAudit: '2025-01-31', tauxConformite: 42.5 });
    expect(section('Compliance status')).toHaveTextContent(
      'The compliance audit carried out on 31 January 2025 shows that 42.5% of the RGAA version 4.1 criteria are met.',
    );
    expect(section('Compliance status')).toHaveTextContent('Portail Lumière is not compliant');
  });
});
