import { normalizeMac, type Device } from '@trashegimia/contract/devices';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/shared/api/use-error-text';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { EditorModal } from '@/shared/ui/editor-modal';
import { TextField } from '@/shared/ui/text-field';
import { useToast } from '@/shared/ui/use-toast';
import { useCreateDevice } from '../api/create-device';
import { useUpdateDevice } from '../api/update-device';

type DeviceModalProps = {
  /** The device to edit, 'new' to register one, null when closed. */
  editing: Device | 'new' | null;
  onClose: () => void;
};

/** Register or change a device: its MAC address, model and type (spec §2). */
export const DeviceModal = ({ editing, onClose }: DeviceModalProps) => {
  const { t } = useTranslation('devices');
  return (
    <EditorModal
      editing={editing}
      onClose={onClose}
      titles={{ create: t('form.createTitle'), edit: t('form.editTitle') }}
    >
      {(device) => <DeviceForm device={device} onDone={onClose} />}
    </EditorModal>
  );
};

const DeviceForm = ({ device, onDone }: { device: Device | null; onDone: () => void }) => {
  const { t } = useTranslation('devices');
  const errorText = useErrorText();
  const { showToast } = useToast();
  const [mac, setMac] = useState(device?.mac ?? '');
  const [model, setModel] = useState(device?.model ?? '');
  const [type, setType] = useState(device?.type ?? '');
  const [showInvalidMac, setShowInvalidMac] = useState(false);
  const creation = useCreateDevice();
  const update = useUpdateDevice();
  const saving = creation.isPending || update.isPending;
  const saveError = creation.error ?? update.error;
  const macInvalid = showInvalidMac && normalizeMac(mac) === null;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (normalizeMac(mac) === null) {
      setShowInvalidMac(true);
      return;
    }
    const onSuccess = () => {
      showToast({ message: t('form.saved'), tone: 'success' });
      onDone();
    };
    const body = { mac, model, type };
    if (device) update.mutate({ id: device.id, ...body }, { onSuccess });
    else creation.mutate(body, { onSuccess });
  };

  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
      <TextField
        label={t('form.mac')}
        value={mac}
        required
        autoComplete="off"
        spellCheck={false}
        placeholder={t('search.placeholder')}
        aria-invalid={macInvalid ? true : undefined}
        onChange={(event) => setMac(event.target.value)}
      />
      {macInvalid && <Alert>{t('invalidMac')}</Alert>}
      <TextField label={t('form.model')} value={model} onChange={(event) => setModel(event.target.value)} />
      <TextField label={t('form.type')} value={type} onChange={(event) => setType(event.target.value)} />
      {saveError && <Alert>{errorText(saveError, t('form.saveFailed'))}</Alert>}
      <div className="flex justify-end gap-2 border-t border-stone-200 pt-4">
        <Button variant="secondary" onClick={onDone} disabled={saving}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" loading={saving} disabled={saving}>
          {t('form.save')}
        </Button>
      </div>
    </form>
  );
};
