import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SEARCH_DEBOUNCE_MS } from '@portail/contract/constants';
import type { DestinationEstablishment, TransferBody } from '@portail/contract/schemas/participants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { REQUIRED_MARK } from '../../../components/text-input';
import { DESTINATION_SEARCH_MIN, useDestinations } from '../api/get-destinations';

export interface TransferDialogProps {
  open: boolean;
  name: string;
  /** The participant's establishment: not a destination. */
  currentEstablishmentId: number;
  /** Offer to have the destination take over the check-up (000 §2.7). */
  checkupInProgress: boolean;
  busy?: boolean;
  onConfirm: (body: TransferBody) => void;
  onClose: () => void;
}

/**
 * A transfer request (000 §2.7): the destination establishment, searched by company name, is required
 * before confirming; everything is forgotten when the dialog closes.
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
  const { data, isFetching } = useDestinations(search);
  const options = (data ?? []).filter((option) => option.id !== currentEstablishmentId);

  if (!open && (input !== '' || search !== '' || destination !== null || takeOver)) {
    setInput('');
    setSearch('');
    setDestination(null);
    setTakeOver(false);
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
      confirmDisabled={destination === null || busy}
      onConfirm={() => {
        if (destination)
          onConfirm({
            etablissementDestination: destination.id,
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
