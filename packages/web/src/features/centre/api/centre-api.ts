import { centreApi } from '@portail/contract/api/centre';
import type {
  AccountActionPath,
  AccountKind,
  AuditQuery,
  auditExportQuery,
  DeliveryQuery,
  legalChange,
  legalUpload,
  sheetChange,
  sheetUpload,
} from '@portail/contract/schemas/centre';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, callDownload } from '../../../lib/api';

/** The Centre area's cache keys: an action on an account refreshes its card and the deliveries. */
export const centreKeys = {
  all: ['centre'] as const,
  search: (q: string, kind: AccountKind | undefined) =>
    ['centre', 'accounts', 'search', q, kind ?? ''] as const,
  account: (id: number) => ['centre', 'accounts', id] as const,
  deliveries: (query: DeliveryQuery) => ['centre', 'deliveries', query] as const,
};

/** `GET centre/accounts`: the accounts a search finds (at most 20, `more` when there are others). */
export function useAccountSearch(q: string, kind: AccountKind | undefined) {
  return useQuery(
    queryOptions({
      queryKey: centreKeys.search(q, kind),
      queryFn: ({ signal }) => call(centreApi.accounts, { query: { q, kind }, signal, handle: [400] }),
      enabled: q.trim().length >= 2,
      placeholderData: keepPreviousData,
    }),
  );
}

/** `GET centre/accounts/{id}`: the support card (the server records who opened it). */
export function useAccountCard(id: number | null) {
  return useQuery({
    queryKey: centreKeys.account(id ?? 0),
    queryFn: ({ signal }) => call(centreApi.account, { params: { id: id ?? 0 }, signal, handle: [404] }),
    enabled: id !== null,
  });
}

/** `POST centre/accounts/{id}/{action}` with the reason; refusals (403, 409) are shown in the dialog. */
export function useAccountAction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reason }: { action: AccountActionPath; reason: string }) =>
      call(centreApi.accountAction, { params: { id, action }, body: { reason }, handle: [400, 403, 409] }),
    onSuccess: (card) => {
      client.setQueryData(centreKeys.account(id), card);
      void client.invalidateQueries({ queryKey: ['centre', 'deliveries'] });
    },
  });
}

/** `GET centre/deliveries`: a page of messages; refreshed while shown, so a retry is seen landing. */
export function useDeliveries(query: DeliveryQuery) {
  return useQuery({
    queryKey: centreKeys.deliveries(query),
    queryFn: ({ signal }) =>
      call(centreApi.deliveries, {
        query,
        signal,
        handle: 'all',
        silent: true,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 5000,
  });
}

/** `POST centre/deliveries/{id}/resend` with the reason. */
export function useResendDelivery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      call(centreApi.resend, { params: { id }, body: { reason }, handle: [400, 404, 409] }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['centre'] }),
  });
}

/** `GET centre/audit`: a page of the audit trail (administrators). */
export function useAuditSearch(query: AuditQuery) {
  return useQuery({
    queryKey: ['centre', 'audit', query] as const,
    queryFn: ({ signal }) => call(centreApi.audit, { query, signal, handle: 'all' }),
    placeholderData: keepPreviousData,
  });
}

/** `GET centre/audit/{id}`: one event in full. */
export function useAuditEvent(id: number | null) {
  return useQuery({
    queryKey: ['centre', 'audit', 'event', id ?? 0] as const,
    queryFn: ({ signal }) => call(centreApi.auditEvent, { params: { id: id ?? 0 }, signal, handle: 'all' }),
    enabled: id !== null,
  });
}

/** `GET centre/audit/export`: the search as a CSV file. */
export function downloadAuditCsv(query: z.output<typeof auditExportQuery>) {
  return callDownload(centreApi.auditExport, { query });
}

/** `GET centre/content`: the published sheets and data-protection documents (administrators). */
export function usePublishedContent() {
  return useQuery({
    queryKey: ['centre', 'content'] as const,
    queryFn: ({ signal }) => call(centreApi.content, { signal, handle: 'all' }),
  });
}

type ContentCall =
  | { kind: 'addSheet'; body: z.input<typeof sheetUpload> }
  | { kind: 'changeSheet'; id: number; body: z.input<typeof sheetChange> }
  | { kind: 'addLegal'; body: z.input<typeof legalUpload> }
  | { kind: 'changeLegal'; id: number; body: z.input<typeof legalChange> };

/** Every change of the published content answers the whole content, which replaces the cache. */
export function useContentChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: ContentCall) => {
      const handle = [400, 404, 413] as const;
      switch (change.kind) {
        case 'addSheet':
          return call(centreApi.addSheet, { body: change.body, handle });
        case 'changeSheet':
          return call(centreApi.changeSheet, { params: { id: change.id }, body: change.body, handle });
        case 'addLegal':
          return call(centreApi.addLegal, { body: change.body, handle });
        case 'changeLegal':
          return call(centreApi.changeLegal, { params: { id: change.id }, body: change.body, handle });
      }
    },
    onSuccess: (content) => client.setQueryData(['centre', 'content'], content),
  });
}
