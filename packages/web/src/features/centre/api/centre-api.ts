import {
  type AccountActionPath,
  type AccountKind,
  type AuditQuery,
  accountCard,
  accountSearchReply,
  auditEvent,
  type auditExportQuery,
  auditList,
  type DeliveryQuery,
  delivery,
  deliveryList,
  type legalChange,
  type legalUpload,
  publishedContent,
  type sheetChange,
  type sheetUpload,
} from '@portail/contract/schemas/centre';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, apiDownload } from '../../../lib/api';

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
      queryFn: ({ signal }) =>
        api('/centre/accounts', { query: { q, kind }, schema: accountSearchReply, signal, handle: [400] }),
      enabled: q.trim().length >= 2,
      placeholderData: keepPreviousData,
    }),
  );
}

/** `GET centre/accounts/{id}`: the support card (the server records who opened it). */
export function useAccountCard(id: number | null) {
  return useQuery({
    queryKey: centreKeys.account(id ?? 0),
    queryFn: ({ signal }) => api(`/centre/accounts/${id}`, { schema: accountCard, signal, handle: [404] }),
    enabled: id !== null,
  });
}

/** `POST centre/accounts/{id}/{action}` with the reason; refusals (403, 409) are shown in the dialog. */
export function useAccountAction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reason }: { action: AccountActionPath; reason: string }) =>
      api(`/centre/accounts/${id}/${action}`, {
        method: 'POST',
        body: { reason },
        schema: accountCard,
        handle: [400, 403, 409],
      }),
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
      api('/centre/deliveries', {
        query: { ...query },
        schema: deliveryList,
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
      api(`/centre/deliveries/${id}/resend`, {
        method: 'POST',
        body: { reason },
        schema: delivery,
        handle: [400, 404, 409],
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['centre'] }),
  });
}

/** `GET centre/audit`: a page of the audit trail (administrators). */
export function useAuditSearch(query: AuditQuery) {
  return useQuery({
    queryKey: ['centre', 'audit', query] as const,
    queryFn: ({ signal }) =>
      api('/centre/audit', { query: { ...query }, schema: auditList, signal, handle: 'all' }),
    placeholderData: keepPreviousData,
  });
}

/** `GET centre/audit/{id}`: one event in full. */
export function useAuditEvent(id: number | null) {
  return useQuery({
    queryKey: ['centre', 'audit', 'event', id ?? 0] as const,
    queryFn: ({ signal }) => api(`/centre/audit/${id}`, { schema: auditEvent, signal, handle: 'all' }),
    enabled: id !== null,
  });
}

/** `GET centre/audit/export`: the search as a CSV file. */
export function downloadAuditCsv(query: z.output<typeof auditExportQuery>) {
  return apiDownload('/centre/audit/export', { query: { ...query } });
}

/** `GET centre/content`: the published sheets and data-protection documents (administrators). */
export function usePublishedContent() {
  return useQuery({
    queryKey: ['centre', 'content'] as const,
    queryFn: ({ signal }) => api('/centre/content', { schema: publishedContent, signal, handle: 'all' }),
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
    mutationFn: (call: ContentCall) => {
      const [method, path] =
        call.kind === 'addSheet'
          ? (['POST', '/centre/content/sheets'] as const)
          : call.kind === 'changeSheet'
            ? (['PATCH', `/centre/content/sheets/${call.id}`] as const)
            : call.kind === 'addLegal'
              ? (['POST', '/centre/content/legal'] as const)
              : (['PATCH', `/centre/content/legal/${call.id}`] as const);
      return api(path, { method, body: call.body, schema: publishedContent, handle: [400, 404, 413] });
    },
    onSuccess: (content) => client.setQueryData(['centre', 'content'], content),
  });
}
