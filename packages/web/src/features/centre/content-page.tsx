import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  PUBLISHED_PDF_MAX_BYTES,
  type PublishedLegalNode,
  type PublishedSheet,
  sheetUpload,
} from '@portail/contract/schemas/centre';
import { maxLengthOf } from '@portail/contract/schemas/limits';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DateField } from '../../components/date-field';
import { PageTitle } from '../../components/page-title';
import { Panel } from '../../components/panel';
import { RetryAlert } from '../../components/retry-alert';
import { formatDate, toIsoDate } from '../../lib/dates';
import { fieldErrorsOf } from '../../lib/error-replies';
import { notify } from '../../lib/notify';
import { useContentChange, usePublishedContent } from './api/centre-api';

/** The file's bytes as base64, without the `data:` prefix a FileReader adds. */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}

const MEGABYTES = PUBLISHED_PDF_MAX_BYTES / (1024 * 1024);

interface ItemForm {
  /** null: a new item. */
  id: number | null;
  kind: 'sheet' | 'legal';
  name: string;
  nameEn: string;
  /** Sheets: the date the list shows. */
  publishedOn: string;
  /** Data-protection: the folder a new document goes in (null: a new folder at the top). */
  parentId: number | null;
  /** A new sheet or data-protection document needs a PDF; a new folder none. */
  needsFile: boolean;
}

/** The dialog that adds or renames a sheet, a data-protection folder or document. */
function ItemDialog({
  form,
  folders,
  onClose,
}: {
  form: ItemForm;
  folders: readonly PublishedLegalNode[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const change = useContentChange();
  // A new dialog (its key) starts from the item it opens on.
  const [values, setValues] = useState<ItemForm>(form);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (name: keyof ItemForm) => (event: { target: { value: string } }) =>
    setValues({ ...values, [name]: event.target.value });
  const submit = async () => {
    const local: Record<string, string> = {};
    if (!values.name.trim()) local.name = 'errors.required';
    if (values.needsFile && !file) local.file = 'errors.required';
    if (file && file.size > PUBLISHED_PDF_MAX_BYTES) local.file = 'centre.content.tooLarge';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    const base64 = file ? await readBase64(file) : undefined;
    const names = { nameEn: values.nameEn.trim() || null };
    const call =
      values.kind === 'sheet'
        ? values.id === null
          ? ({
              kind: 'addSheet',
              body: {
                name: values.name,
                ...names,
                ...(values.publishedOn ? { publishedOn: values.publishedOn } : {}),
                file: base64 ?? '',
              },
            } as const)
          : ({
              kind: 'changeSheet',
              id: values.id,
              body: {
                name: values.name,
                ...names,
                ...(values.publishedOn ? { publishedOn: values.publishedOn } : {}),
              },
            } as const)
        : values.id === null
          ? ({
              kind: 'addLegal',
              body: {
                parentId: values.parentId,
                label: values.name,
                labelEn: names.nameEn,
                ...(base64 ? { file: base64 } : {}),
              },
            } as const)
          : ({
              kind: 'changeLegal',
              id: values.id,
              body: { label: values.name, labelEn: names.nameEn },
            } as const);
    change.mutate(call, {
      onSuccess: () => {
        notify('centre.content.saved', 'success');
        onClose();
      },
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        setErrors({
          ...(fields.name || fields.label ? { name: fields.name ?? fields.label ?? '' } : {}),
          ...(fields.nameEn || fields.labelEn ? { nameEn: fields.nameEn ?? fields.labelEn ?? '' } : {}),
          ...(fields.file ? { file: fields.file } : {}),
          ...(fields.parentId ? { parentId: fields.parentId } : {}),
          ...(Object.keys(fields).length === 0 ? { file: 'centre.actionFailed' } : {}),
        });
      },
    });
  };
  const title =
    values.id !== null
      ? t('centre.content.rename')
      : values.kind === 'sheet'
        ? t('centre.content.addSheet')
        : values.needsFile
          ? t('centre.content.addDocument')
          : t('centre.content.addFolder');
  const error = (name: string) => (errors[name] ? t(errors[name] ?? '', { max: MEGABYTES }) : undefined);
  return (
    <ConfirmDialog
      open
      title={title}
      confirmLabel={t('centre.content.save')}
      confirmDisabled={change.isPending}
      onConfirm={() => void submit()}
      onCancel={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label={t('centre.content.nameFr')}
          value={values.name}
          onChange={set('name')}
          required
          autoFocus
          error={Boolean(errors.name)}
          helperText={error('name')}
          slotProps={{ htmlInput: { maxLength: maxLengthOf(sheetUpload.shape.name) } }}
        />
        <TextField
          label={t('centre.content.nameEn')}
          value={values.nameEn}
          onChange={set('nameEn')}
          error={Boolean(errors.nameEn)}
          helperText={error('nameEn') ?? t('centre.content.nameEnHelp')}
          slotProps={{ htmlInput: { maxLength: maxLengthOf(sheetUpload.shape.nameEn) } }}
        />
        {values.kind === 'sheet' && (
          <DateField
            label={t('centre.content.publishedOn')}
            value={values.publishedOn ? dayjs(values.publishedOn) : null}
            onChange={(day) =>
              setValues({ ...values, publishedOn: day?.isValid() ? (toIsoDate(day) ?? '') : '' })
            }
            helperText={t('centre.content.publishedOnHelp')}
          />
        )}
        {values.kind === 'legal' && values.id === null && values.needsFile && (
          <TextField
            select
            label={t('centre.content.folder')}
            value={values.parentId === null ? '' : String(values.parentId)}
            onChange={(event) => setValues({ ...values, parentId: Number(event.target.value) })}
            required
            error={Boolean(errors.parentId)}
            helperText={error('parentId')}
          >
            {folders.map((folder) => (
              <MenuItem key={folder.id} value={String(folder.id)}>
                {folder.label}
              </MenuItem>
            ))}
          </TextField>
        )}
        {values.id === null && values.needsFile && (
          <TextField
            type="file"
            label={t('centre.content.file', { max: MEGABYTES })}
            required
            onChange={(event) => setFile((event.target as HTMLInputElement).files?.[0] ?? null)}
            error={Boolean(errors.file)}
            helperText={error('file') ?? t('centre.content.fileHelp', { max: MEGABYTES })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { accept: 'application/pdf,.pdf' } }}
          />
        )}
      </Stack>
    </ConfirmDialog>
  );
}

function StateChip({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      label={t(active ? 'centre.content.online' : 'centre.content.withdrawn')}
      sx={{ color: 'text.primary', borderColor: active ? 'success.main' : 'text.secondary' }}
    />
  );
}

function Line({
  icon,
  title,
  detail,
  actions,
}: {
  icon?: ReactNode;
  title: string;
  detail: string;
  actions: ReactNode;
}) {
  return (
    <ListItem divider sx={{ display: 'block', px: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        {icon}
        <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{title}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 12rem' }}>
          {detail}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {actions}
        </Stack>
      </Stack>
    </ListItem>
  );
}

/**
 * Content the centre publishes (issue 20, administrators): the advice sheets and the data-protection
 * documents — added as PDFs, renamed in French and English, dated or ordered, withdrawn and restored.
 */
export function ContentPage() {
  const { t } = useTranslation();
  const content = usePublishedContent();
  const change = useContentChange();
  const [form, setForm] = useState<ItemForm | null>(null);
  const toggleSheet = (sheet: PublishedSheet) =>
    change.mutate(
      { kind: 'changeSheet', id: sheet.id, body: { active: !sheet.active } },
      {
        onSuccess: () =>
          notify(sheet.active ? 'centre.content.withdrawnDone' : 'centre.content.restored', 'success'),
      },
    );
  const changeLegal = (node: PublishedLegalNode, body: { active?: boolean; move?: 'up' | 'down' }) =>
    change.mutate({ kind: 'changeLegal', id: node.id, body });
  const folders = content.data?.legal.filter((node) => node.folder && node.parentId === null) ?? [];
  const blank = { id: null, name: '', nameEn: '', publishedOn: '', parentId: null } as const;

  return (
    <>
      <PageTitle>{t('routes.centre.content')}</PageTitle>
      <Typography sx={{ mb: 2 }}>{t('centre.content.intro', { max: MEGABYTES })}</Typography>
      {content.isPending && <LinearProgress aria-label={t('layout.loading')} />}
      {content.isError && (
        <RetryAlert error={content.error} onRetry={() => void content.refetch()}>
          {t('centre.content.loadError')}
        </RetryAlert>
      )}
      {content.data && (
        <Stack spacing={2}>
          <Panel
            title={t('centre.content.sheets')}
            action={
              <Button
                startIcon={<AddIcon />}
                onClick={() => setForm({ ...blank, kind: 'sheet', needsFile: true })}
              >
                {t('centre.content.addSheet')}
              </Button>
            }
          >
            {content.data.sheets.length === 0 ? (
              <Alert severity="info">{t('centre.content.noSheet')}</Alert>
            ) : (
              <List disablePadding>
                {content.data.sheets.map((sheet) => (
                  <Line
                    key={sheet.id}
                    title={sheet.name}
                    detail={[
                      sheet.nameEn,
                      formatDate(sheet.publishedOn),
                      t('centre.content.size', { kb: Math.ceil(sheet.size / 1024) }),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                    actions={
                      <>
                        <StateChip active={sheet.active} />
                        <Button
                          size="small"
                          onClick={() =>
                            setForm({
                              ...blank,
                              id: sheet.id,
                              kind: 'sheet',
                              name: sheet.name,
                              nameEn: sheet.nameEn ?? '',
                              publishedOn: sheet.publishedOn,
                              needsFile: false,
                            })
                          }
                          aria-label={t('centre.content.renameOf', { name: sheet.name })}
                        >
                          {t('centre.content.rename')}
                        </Button>
                        <Button
                          size="small"
                          onClick={() => toggleSheet(sheet)}
                          aria-label={t(
                            sheet.active ? 'centre.content.withdrawOf' : 'centre.content.restoreOf',
                            {
                              name: sheet.name,
                            },
                          )}
                        >
                          {t(sheet.active ? 'centre.content.withdraw' : 'centre.content.restore')}
                        </Button>
                      </>
                    }
                  />
                ))}
              </List>
            )}
          </Panel>
          <Panel
            title={t('centre.content.legal')}
            action={
              <Stack direction="row" spacing={1}>
                <Button
                  startIcon={<AddIcon />}
                  onClick={() => setForm({ ...blank, kind: 'legal', needsFile: false })}
                >
                  {t('centre.content.addFolder')}
                </Button>
                <Button
                  startIcon={<AddIcon />}
                  disabled={folders.length === 0}
                  onClick={() =>
                    setForm({ ...blank, kind: 'legal', needsFile: true, parentId: folders[0]?.id ?? null })
                  }
                >
                  {t('centre.content.addDocument')}
                </Button>
              </Stack>
            }
          >
            <List disablePadding>
              {content.data.legal.map((node) => (
                <Line
                  key={node.id}
                  icon={
                    node.folder ? (
                      <FolderOutlinedIcon color="action" />
                    ) : (
                      <PictureAsPdfOutlinedIcon color="action" sx={{ ml: node.parentId === null ? 0 : 3 }} />
                    )
                  }
                  title={node.label}
                  detail={[
                    node.labelEn,
                    node.size === null ? null : t('centre.content.size', { kb: Math.ceil(node.size / 1024) }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                  actions={
                    <>
                      <StateChip active={node.active} />
                      <IconButton
                        size="small"
                        aria-label={t('centre.content.upOf', { name: node.label })}
                        onClick={() => changeLegal(node, { move: 'up' })}
                      >
                        <ArrowUpwardIcon fontSize="small" />
                      </IconButton>
                      <IconButton
                        size="small"
                        aria-label={t('centre.content.downOf', { name: node.label })}
                        onClick={() => changeLegal(node, { move: 'down' })}
                      >
                        <ArrowDownwardIcon fontSize="small" />
                      </IconButton>
                      <Button
                        size="small"
                        aria-label={t('centre.content.renameOf', { name: node.label })}
                        onClick={() =>
                          setForm({
                            ...blank,
                            id: node.id,
                            kind: 'legal',
                            name: node.label,
                            nameEn: node.labelEn ?? '',
                            needsFile: false,
                          })
                        }
                      >
                        {t('centre.content.rename')}
                      </Button>
                      <Button
                        size="small"
                        aria-label={t(
                          node.active ? 'centre.content.withdrawOf' : 'centre.content.restoreOf',
                          {
                            name: node.label,
                          },
                        )}
                        onClick={() => changeLegal(node, { active: !node.active })}
                      >
                        {t(node.active ? 'centre.content.withdraw' : 'centre.content.restore')}
                      </Button>
                    </>
                  }
                />
              ))}
            </List>
          </Panel>
        </Stack>
      )}
      {form && (
        <ItemDialog
          key={`${form.kind}-${form.id ?? 'new'}-${form.needsFile}`}
          form={form}
          folders={folders}
          onClose={() => setForm(null)}
        />
      )}
    </>
  );
}
