import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowRightIcon from '@mui/icons-material/KeyboardArrowRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DOCUMENT_PAGE_SIZE } from '@portail/contract/constants';
import { displayedDocumentName } from '@portail/contract/schemas/documents';
import { useTranslation } from 'react-i18next';
import { CardPager } from '../../../components/card-pager';
import { formatDate } from '../../../lib/dates';
import type { ContentSource } from '../../../lib/document-content';
import { AnnexesList } from './annexes-list';
import { ContentActions } from './content-actions';
import { type DocumentsTableProps, useDocumentList } from './documents-table';

/**
 * The documents on a phone: one card each (selection box, date, type, name, view and download),
 * the attachments under a button, select-all above and the pages below.
 */
export function DocumentCards({
  label,
  rows,
  annexes,
  selection,
  onView,
  onDownload,
  loading = false,
  emptyLabel,
  paging,
}: DocumentsTableProps) {
  const { t } = useTranslation();
  const { open, toggleOpen, english, ids, chosen } = useDocumentList(rows, selection);

  return (
    <Box aria-busy={loading}>
      <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label={t('layout.loading')} />}</Box>
      {rows.length === 0 ? (
        <Typography sx={{ py: 2, textAlign: 'center', color: 'text.secondary' }}>
          {loading ? t('form.loading') : emptyLabel}
        </Typography>
      ) : (
        <>
          <FormControlLabel
            control={
              <Checkbox
                checked={chosen === rows.length}
                indeterminate={chosen > 0 && chosen < rows.length}
                onChange={(event) => selection.setDocuments(ids, event.target.checked)}
              />
            }
            label={t('documents.selectAll')}
          />
          <Stack component="ul" aria-label={label} spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {rows.map((row) => {
              const name = displayedDocumentName(row);
              const source: ContentSource = { kind: 'document', id: row.id };
              const expanded = open.has(row.id);
              const annexCount = row.documentJointExtraciem.length + row.documentJointLSExtraciem.length;
              const panelId = `annexes-card-${row.id}`;
              const nameId = `document-card-${row.id}`;
              const checked = selection.selection.documents.has(row.id);
              return (
                <Paper
                  component="li"
                  variant="outlined"
                  key={row.id}
                  sx={{ p: 1, bgcolor: checked ? 'action.selected' : undefined }}
                >
                  <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                    <Checkbox
                      checked={checked}
                      onChange={(event) => selection.toggleDocument(row.id, event.target.checked)}
                      slotProps={{ input: { 'aria-label': t('documents.select', { name }) } }}
                    />
                    <Box sx={{ flex: 1, minWidth: 0, pt: 1 }}>
                      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                        {`${formatDate(row.dateCreation)} · ${english ? row.typeDocument.labelEn : row.typeDocument.label}`}
                      </Typography>
                      <Typography id={nameId} sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                        {name}
                      </Typography>
                    </Box>
                    <ContentActions
                      name={name}
                      onView={() => onView(source, name)}
                      onDownload={() => onDownload(source)}
                    />
                  </Stack>
                  {annexes && annexCount > 0 && (
                    <>
                      <Button
                        size="small"
                        onClick={() => toggleOpen(row.id)}
                        aria-expanded={expanded}
                        aria-controls={expanded ? panelId : undefined}
                        aria-describedby={nameId}
                        startIcon={expanded ? <KeyboardArrowDownIcon /> : <KeyboardArrowRightIcon />}
                        sx={{ ml: 5 }}
                      >
                        {t('documents.annexes.count', { count: annexCount })}
                      </Button>
                      <Collapse in={expanded} timeout="auto" unmountOnExit>
                        <Box id={panelId} sx={{ pl: 1 }}>
                          <AnnexesList
                            document={row}
                            selected={selection.selection.annexes}
                            onToggle={selection.toggleAnnex}
                            onView={onView}
                            onDownload={onDownload}
                            compact
                          />
                        </Box>
                      </Collapse>
                    </>
                  )}
                </Paper>
              );
            })}
          </Stack>
        </>
      )}
      {paging && (
        <CardPager
          page={paging.page}
          size={DOCUMENT_PAGE_SIZE}
          totalRows={paging.totalRows}
          onPageChange={paging.onPageChange}
        />
      )}
    </Box>
  );
}
