import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import Box from '@mui/material/Box';
import { SimpleTreeView } from '@mui/x-tree-view/SimpleTreeView';
import { TreeItem } from '@mui/x-tree-view/TreeItem';
import type { DocumentCiem, DocumentCiemNode } from '@portail/contract/schemas/legal';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { folderIds, itemId, nodeLabel } from '../document-tree';

function Label({ id, node, language }: { id: string; node: DocumentCiem; language: string }) {
  const Icon = node.data === null ? FolderOutlinedIcon : DescriptionOutlinedIcon;
  return (
    <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5 }}>
      <Icon fontSize="small" aria-hidden sx={{ color: 'text.secondary', flexShrink: 0 }} />
      <span id={id}>{nodeLabel(node, language)}</span>
    </Box>
  );
}

function Item({ node, language, children }: { node: DocumentCiem; language: string; children?: ReactNode }) {
  const labelId = useId();
  // Named by its own label: by default a folder's name would also read out every document inside it.
  return (
    <TreeItem
      itemId={itemId(node)}
      disableSelection={node.data === null}
      aria-labelledby={labelId}
      label={<Label id={labelId} node={node} language={language} />}
    >
      {children}
    </TreeItem>
  );
}

/**
 * The folders and documents (docs/documents-and-sheets.md#sheets), folders open on arrival. The tree view brings the keyboard
 * (arrows, Home/End, type-ahead, Enter/Space). Only a document can be chosen: a folder opens and
 * closes, and the shown document stays.
 */
export function DocumentsTree({
  tree,
  selected,
  onSelect,
}: {
  tree: readonly DocumentCiemNode[];
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <SimpleTreeView
      aria-label={t('dataProtection.tree')}
      defaultExpandedItems={folderIds(tree)}
      selectedItems={selected}
      onSelectedItemsChange={(_event, id) => {
        if (id !== null) onSelect(id);
      }}
    >
      {tree.map((node) => (
        <Item key={node.id} node={node} language={i18n.language}>
          {node.children.map((child) => (
            <Item key={child.id} node={child} language={i18n.language} />
          ))}
        </Item>
      ))}
    </SimpleTreeView>
  );
}
