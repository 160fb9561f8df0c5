import type { OperationOutcome, OperationOutcomeIssue } from '@medplum/fhirtypes';

/** The issue types of FHIR R4 (valueset issue-type) this API answers with. */
export type IssueCode =
  | 'invalid'
  | 'structure'
  | 'required'
  | 'value'
  | 'code-invalid'
  | 'business-rule'
  | 'conflict'
  | 'duplicate'
  | 'not-found'
  | 'not-supported'
  | 'security'
  | 'login'
  | 'forbidden'
  | 'processing'
  | 'too-costly'
  | 'throttled'
  | 'exception';

export interface Issue {
  code: IssueCode;
  /** What went wrong, in English (integrators read it in their logs). */
  diagnostics: string;
  /** FHIRPath of the element at fault (`Patient.telecom[1].value`). */
  expression?: string[];
  severity?: 'error' | 'warning' | 'information';
}

/** A refused FHIR request: its status and the OperationOutcome that says why, element by element. */
export class FhirError extends Error {
  constructor(
    readonly statusCode: number,
    readonly issues: Issue[],
    readonly headers: Record<string, string> = {},
  ) {
    super(issues.map((issue) => issue.diagnostics).join('; '));
  }
}

export function operationOutcome(issues: readonly Issue[]): OperationOutcome {
  return {
    resourceType: 'OperationOutcome',
    issue: issues.map(
      (issue): OperationOutcomeIssue => ({
        severity: issue.severity ?? 'error',
        code: issue.code,
        diagnostics: issue.diagnostics,
        ...(issue.expression ? { expression: issue.expression } : {}),
      }),
    ),
  };
}

export const invalid = (diagnostics: string, expression?: string, code: IssueCode = 'invalid') =>
  new FhirError(400, [{ code, diagnostics, ...(expression ? { expression: [expression] } : {}) }]);

export const unprocessable = (issues: Issue[]) => new FhirError(422, issues);

export const notFoundResource = (type: string, id: string) =>
  new FhirError(404, [{ code: 'not-found', diagnostics: `${type}/${id} is not known` }]);

export const notSupported = (diagnostics: string) =>
  new FhirError(400, [{ code: 'not-supported', diagnostics }]);

/** If-Match named a version the resource has moved on from (a lost update avoided). */
export const versionConflict = (type: string, id: string, expected: number, current: number) =>
  new FhirError(412, [
    {
      code: 'conflict',
      diagnostics: `${type}/${id} is at version ${current}, not ${expected}: read it again before updating`,
    },
  ]);

/** The portal's own rules refused the resource: 422 with each element at fault. */
export const ruleBroken = (diagnostics: string, expression: string, code: IssueCode = 'business-rule') =>
  new FhirError(422, [{ code, diagnostics, expression: [expression] }]);
