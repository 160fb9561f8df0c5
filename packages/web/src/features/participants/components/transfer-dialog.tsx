import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SEARCH_DEBOUNCE_MS } from '@portail/contract/constants';
import { CONTROL_CHARACTER_ERROR, isPlainText } from '@portail/contract/rules/text';
import {
  type DestinationEstablishment,
  TRANSFER_COMMENT_MAX,
  type TransferBody,
} from '@portail/contract/schemas/participants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { REQUIRED_MARK } from '../../../components/text-input';
import { DESTINATION_SEARCH_MIN, useDestinations } from '../api/get-destinations';
import { MovementReasonSelect } from './movement-reason-select';

export interface TransferDialogProps {
  open: boolean;
  name: string;
  /** The participant's establishment: not a destination. */
  currentEstablishmentId: number;
  /** Offer to have the destination take over the check-up (docs/participants.md#transfer). */
  checkupInProgress: boolean;
  busy?: boolean;
  onConfirm: (body: TransferBody) => void;
  onClose: () => void;
}

/**
 * A transfer request (docs/participants.md#transfer): the destination establishment, searched by company name, and the
 * reason (motifmouvement, the mutation row's motifMouvement) are required before confirming, with
 * optional details in the correspondant's words; everything is forgotten when the dialog closes.
 */
export function TransferDialog({
  open,
  name,
  currentEstablishmentId,
  checkupInProgress,
  busy = false,
  onConfirm,
  onClose,
}: TransferDialogProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [destination, setDestination] = useState<DestinationEstablishment | null>(null);
  const [takeOver, setTakeOver] = useState(false);
  const [reason, setReason] = useState<number | ''>('');
  const [comment, setComment] = useState('');
  const { data, isFetching } = useDestinations(search);
  const options = (data ?? []).filter((option) => option.id !== currentEstablishmentId);
  const commentValid = isPlainText(comment);

  if (
    !open &&
    (input !== '' || search !== '' || destination !== null || takeOver || reason !== '' || comment !== '')
  ) {
    setInput('');
    setSearch('');
    setDestination(null);
    setTakeOver(false);
    setReason('');
    setComment('');
  }

  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);

  const tooShort = search.length < DESTINATION_SEARCH_MIN;
  return (
    <ConfirmDialog
      open={open}
      title={t('participant.transfer.title')}
      confirmLabel={t('participant.transfer.confirm')}
      confirmDisabled={destination === null || reason === '' || !commentValid || busy}
      onConfirm={() => {
        if (destination && reason !== '' && commentValid)
          onConfirm({
            etablissementDestination: destination.id,
            motifMouvement: reason,
            commentaireMouvement: comment.trim() || null,
            priseEnChargeBilanEnCours: checkupInProgress && takeOver,
          });
      }}
      onCancel={onClose}
    >
      <Typography sx={{ mb: 2 }}>{t('participant.transfer.text', { name })}</Typography>
      <Autocomplete<DestinationEstablishment>
        options={options}
        value={destination}
        onChange={(_, option) => setDestination(option)}
        inputValue={input}
        onInputChange={(_, value) => setInput(value)}
        filterOptions={(all) => all}
        getOptionLabel={(option) => option.raisonsociale}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        loading={isFetching}
        autoHighlight
        loadingText={t('form.loading')}
        noOptionsText={tooShort ? t('participant.transfer.typeMore') : t('participant.transfer.none')}
        openText={t('form.open')}
        closeText={t('form.close')}
        clearText={t('form.clear')}
        renderOption={({ key, ...props }, option) => (
          <Box component="li" key={key} {...props} sx={{ display: 'block !important' }}>
            <Typography>{option.raisonsociale}</Typography>
            <Typography variant="body2" color="text.secondary">
              {[option.entreprise, option.localite, t('participant.transfer.number', { id: option.id })]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          </Box>
        )}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('participant.transfer.destination')}
            required
            helperText={t('participant.transfer.help')}
            slotProps={{
              ...params.slotProps,
              inputLabel: { ...params.slotProps.inputLabel, required: false, sx: REQUIRED_MARK },
            }}
          />
        )}
      />
      <MovementReasonSelect
        label={t('participant.transfer.reason')}
        value={reason}
        onChange={setReason}
        sx={{ mt: 2 }}
      />
      <TextField
        fullWidth
        sx={{ mt: 2 }}
        label={t('participant.transfer.comment')}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        error={!commentValid}
        helperText={
          commentValid
            ? t('participant.transfer.commentHelp', { max: TRANSFER_COMMENT_MAX })
            : t(CONTROL_CHARACTER_ERROR)
        }
        slotProps={{ htmlInput: { maxLength: TRANSFER_COMMENT_MAX } }}
      />
      {checkupInProgress && (
        <FormControlLabel
          sx={{ mt: 1 }}
          label={t('participant.transfer.takeOver')}
          control={<Checkbox checked={takeOver} onChange={(event) => setTakeOver(event.target.checked)} />}
        />
      )}
    </ConfirmDialog>
  );
}
