import { useCallback, useState } from 'react';
import type { ViewerTarget } from '../../components/pdf-viewer-dialog';
import { type ContentSource, downloadContent, viewerTarget } from '../../lib/document-content';
import { useSelection } from './use-selection';

/** What every document table's screen holds: the selection, the viewer and the send dialog. */
export function useDocumentActions() {
  const selection = useSelection();
  const [viewer, setViewer] = useState<ViewerTarget | null>(null);
  const [sending, setSending] = useState(false);
  const onView = useCallback(
    (source: ContentSource, title: string) => setViewer(viewerTarget(source, title)),
    [],
  );
  return {
    selection,
    viewer,
    closeViewer: () => setViewer(null),
    onView,
    onDownload: downloadContent,
    sendOpen: sending,
    openSend: () => setSending(true),
    closeSend: () => setSending(false),
  };
}
