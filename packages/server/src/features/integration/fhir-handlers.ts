import { appointmentHandler } from './appointment.resource';
import { auditEventHandler } from './audit-event.resource';
import { binaryHandler } from './binary.resource';
import { consentHandler } from './consent.resource';
import { documentReferenceHandler } from './document-reference.resource';
import { episodeOfCareHandler } from './episode-of-care.resource';
import type { FhirResourceHandler } from './fhir-resource';
import { organizationHandler } from './organization.resource';
import { patientHandler } from './patient.resource';
import { personHandler } from './person.resource';

/**
 * The resource types the integration API serves (Subscription aside: its handler needs the feed's
 * types, below). The server registers them (app.ts); the command line checks a subscription's criteria
 * against the same list.
 */
export const FHIR_RESOURCE_HANDLERS: readonly FhirResourceHandler[] = [
  patientHandler,
  organizationHandler,
  personHandler,
  documentReferenceHandler,
  binaryHandler,
  episodeOfCareHandler,
  appointmentHandler,
  consentHandler,
  auditEventHandler,
];

/**
 * The types of the change feed, by name: those whose tables carry its triggers (migrations 0018, 0020
 * and 0021) and whose handler says `history`. Subscriptions take them as criteria.
 */
export const FEED_HANDLERS: ReadonlyMap<string, FhirResourceHandler> = new Map(
  FHIR_RESOURCE_HANDLERS.filter((handler) => handler.history).map((handler) => [handler.type, handler]),
);
