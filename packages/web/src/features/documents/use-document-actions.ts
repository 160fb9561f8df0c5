import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { ViewerTarget } from '../../components/pdf-viewer-dialog';
import { type ContentSource, downloadContent, viewerTarget } from '../../lib/document-content';
import { homeKeys } from '../../lib/query-keys';
import { useSelection } from './use-selection';

/**
 * What every document table's screen holds: the selection, the viewer and the send dialog. A document
 * opened, downloaded or sent is no longer new: the home page's table is read again afterwards.
 */
export function useDocumentActions() {
  const selection = useSelection();
  const queryClient = useQueryClient();
  const [viewer, setViewer] = useState<ViewerTarget | null>(null);
  const [sending, setSending] = useState(false);
  const refreshHome = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: homeKeys.detail() }),
    [queryClient],
  );
  const onView = useCallback(
    (source: ContentSource, title: string) => setViewer(viewerTarget(source, title)),
    [],
  );
  const onDownload = useCallback(
    async (source: ContentSource) => {
      await downloadContent(source);
      refreshHome();
    },
    [refreshHome],
  );
  return {
    selection,
    viewer,
    closeViewer: () => {
      setViewer(null);
      refreshHome();
    },
    onView,
    onDownload,
    sendOpen: sending,
    openSend: () => setSending(true),
    closeSend: () => setSending(false),
    /** After a send: the dialog closes and the selection clears (docs/documents-and-sheets.md#send-dialog). */
    sent: () => {
      setSending(false);
      selection.clear();
      refreshHome();
    },
  };
}
