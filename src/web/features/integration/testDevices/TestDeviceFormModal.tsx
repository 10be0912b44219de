import { useEffect, useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../../../api/applyFieldErrors';
import { useSession } from '../../../session/useSession';
import type { TestDevice } from '../integrationTypes';
import { oneLineRule } from '../../../app/oneLineRule';

/** Test device name limit (docs/sdk-and-analytics.md: `name` <= 30). */
export const DEVICE_NAME_MAX = 30;
const DEVICE_ID_MAX = 128;

interface DeviceForm {
  name: string;
  deviceId: string;
}

interface Props {
  open: boolean;
  /** Undefined to add a device. */
  device?: TestDevice;
  onClose(): void;
  onSaved(): void;
}

/** Add or edit a test device; a device id already listed is refused by the server under its field. */
export function TestDeviceFormModal({ open, device, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { client } = useSession();
  const [form] = Form.useForm<DeviceForm>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (device) form.setFieldsValue({ name: device.name, deviceId: device.deviceId });
  }, [open, device, form]);

  async function submit(values: DeviceForm) {
    setBusy(true);
    try {
      const body = { name: values.name.trim(), deviceId: values.deviceId.trim() };
      if (device) await client.put(`/api/test-devices/${encodeURIComponent(device.id)}`, body);
      else await client.post('/api/test-devices', body);
      onSaved();
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      title={t(device ? 'integration:testDevices.edit' : 'integration:testDevices.add')}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="testDevice" onFinish={submit}>
        <Form.Item
          name="name"
          label={t('integration:testDevices.name')}
          rules={[{ required: true, whitespace: true }, { max: DEVICE_NAME_MAX }, oneLineRule]}
        >
          <Input maxLength={DEVICE_NAME_MAX} showCount autoFocus />
        </Form.Item>
        <Form.Item
          name="deviceId"
          label={t('integration:testDevices.deviceId')}
          extra={t('integration:testDevices.deviceIdHelp')}
          rules={[{ required: true, whitespace: true }, { max: DEVICE_ID_MAX }, oneLineRule]}
        >
          <Input maxLength={DEVICE_ID_MAX} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
