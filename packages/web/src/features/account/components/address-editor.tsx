import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { CorrespondantAddress, SaveAddressValues } from '@portail/contract/schemas/account';
import type { Message } from '@portail/contract/schemas/common';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { type FieldPath, FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AddressFields } from '../../../components/address-fields';
import { FormCheckbox } from '../../../components/form-checkbox';
import { useLeaveConfirmation } from '../../../components/leave-confirmation';
import { MessagesAlerts } from '../../../components/messages-alerts';
import { Panel } from '../../../components/panel';
import { applyFieldErrors } from '../../../lib/apply-field-errors';
import { formatDate } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { type AddressFormDraft, addressFormDraft, addressResolver } from '../address-draft';
import { useCorrespondantAddress } from '../api/get-address';
import { useSaveAddress } from '../api/save-address';

export interface AddressEditorProps {
  /** Another establishment of the scope (establishments tab); null for the caller's own. */
  establishmentId: number | null;
  /** Told when the form gets or loses unsaved changes. */
  onDirtyChange?: (dirty: boolean) => void;
}

/** Why the fields are read-only (docs/personal-details.md#address, docs/personal-details.md#billing-address), or null when they are not. */
function readOnlyReason(record: CorrespondantAddress, t: TFunction) {
  if (record.modifiable) return null;
  if (record.dateResiliation)
    return t('account.address.terminated', { date: formatDate(record.dateResiliation) });
  return t('account.address.readOnly');
}

function AddressForm({
  record,
  onDirtyChange,
}: { record: CorrespondantAddress } & Pick<AddressEditorProps, 'onDirtyChange'>) {
  const { t } = useTranslation();
  const save = useSaveAddress();
  const [messages, setMessages] = useState<Message[]>([]);
  const resolver = useMemo(() => addressResolver(record), [record]);
  const form = useForm<AddressFormDraft, unknown, SaveAddressValues>({
    values: addressFormDraft(record),
    resolver,
  });
  const { control, handleSubmit, reset, setError, formState } = form;
  const same = useWatch({ control, name: 'adresseFacturationIdentique' });
  const readOnly = !record.modifiable;
  const dirty = formState.isDirty && !readOnly;
  useLeaveConfirmation(dirty);
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);
  const reason = readOnlyReason(record, t);

  const submit = handleSubmit(
    async (values) => {
      setMessages([]);
      const outcome = await save.mutateAsync(values);
      if (outcome.kind === 'done') {
        for (const message of outcome.messages) notify(`messages.${message.errorCode}`, 'success');
      } else if (outcome.kind === 'invalid') {
        setMessages(outcome.messages);
        const landed = applyFieldErrors(setError, outcome.fieldErrors, (field) =>
          /^(adresse|adresseFacturation)(\.\w+)?$/.test(field)
            ? (field as FieldPath<AddressFormDraft>)
            : null,
        );
        if (!landed) notify('form.error', 'error');
      } else if (outcome.kind === 'refused') {
        setMessages(outcome.messages);
      }
    },
    () => notify('form.error', 'error'),
  );

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void submit(event)} aria-busy={save.isPending}>
        <Stack spacing={2}>
          {reason && <Alert severity="info">{reason}</Alert>}
          <MessagesAlerts messages={messages} />
          <Panel title={t('account.address.geo', { name: record.raisonsociale })}>
            <AddressFields prefix="adresse" disabled={readOnly} countryRequired />
          </Panel>
          {record.adresseFacturation && (
            <Panel title={t('account.address.billing')}>
              <FormCheckbox
                control={control}
                name="adresseFacturationIdentique"
                label={t('account.address.same')}
                disabled={readOnly || !record.facturationModifiable}
              />
              {!same && (
                <Stack sx={{ mt: 2 }}>
                  <AddressFields
                    prefix="adresseFacturation"
                    disabled={readOnly || !record.facturationModifiable}
                    countryRequired
                  />
                </Stack>
              )}
            </Panel>
          )}
          {!readOnly && (
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button onClick={() => reset()} disabled={!formState.isDirty || save.isPending}>
                {t('app.cancel')}
              </Button>
              <Button type="submit" variant="contained" startIcon={<SaveIcon />} loading={save.isPending}>
                {t('account.save')}
              </Button>
            </Stack>
          )}
        </Stack>
      </form>
    </FormProvider>
  );
}

/**
 * The address record of an establishment (docs/personal-details.md#address, docs/personal-details.md#contact): the geographic address and, for
 * establishment correspondants, the billing one with "same as geographic" (which hides it). Read-only
 * for enterprise correspondants and terminated establishments.
 */
export function AddressEditor({ establishmentId, onDirtyChange }: AddressEditorProps) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useCorrespondantAddress(establishmentId);
  if (isPending) return <Skeleton variant="rounded" height={320} aria-label={t('layout.loading')} />;
  if (isError || !data) return <Alert severity="error">{t('account.address.loadError')}</Alert>;
  return <AddressForm key={data.idEtablissement} record={data} onDirtyChange={onDirtyChange} />;
}
