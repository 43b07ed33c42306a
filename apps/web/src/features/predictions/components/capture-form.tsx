import {
  CAPTURE_DEVICE_REQUIRED,
  CAPTURE_DEVICES,
  CAPTURE_VIEW_REQUIRED,
  CAPTURE_VIEWS,
  type CaptureDevice,
  type CaptureView,
} from '@limbus/contract';
import { Button, Checkbox, Group, Radio, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconWorldWww } from '@tabler/icons-react';
import type { UploadSource } from '../api';

type CaptureValues = { url: string; device: CaptureDevice | ''; views: CaptureView[] };

/** A web address the browser would take (http or https); the server checks the rest. */
function urlError(url: string): string | undefined {
  if (!url.trim()) return 'Give the address of the page';
  try {
    const { protocol } = new URL(url.trim());
    return protocol === 'http:' || protocol === 'https:' ? undefined : 'Give an http or https address';
  } catch {
    return 'Give an address such as https://www.example.com/';
  }
}

/**
 * Spec 3 'Upload', capture: a URL, a device (required: Desktop 1920 or Mobile 390) and above the
 * fold and/or full page (at least one). Adds one upload per chosen view; the server captures it.
 */
export function CaptureForm({
  onAdd,
  disabled,
}: {
  onAdd: (sources: Extract<UploadSource, { kind: 'capture' }>[]) => void;
  disabled: boolean;
}) {
  const form = useForm<CaptureValues>({
    initialValues: { url: '', device: '', views: [] },
    validate: {
      url: urlError,
      device: (device) => (device ? null : CAPTURE_DEVICE_REQUIRED),
      views: (views) => (views.length > 0 ? null : CAPTURE_VIEW_REQUIRED),
    },
  });

  const add = () => {
    const { url, device, views } = form.values;
    if (form.validate().hasErrors || !device) return;
    onAdd(views.map((view) => ({ kind: 'capture', capture: { url: url.trim(), device, view } })));
    form.setFieldValue('url', '');
  };

  return (
    <Stack gap="sm">
      <TextInput
        label="Web address"
        placeholder="https://www.example.com/"
        leftSection={<IconWorldWww size={16} aria-hidden />}
        {...form.getInputProps('url')}
        disabled={disabled}
      />
      <Radio.Group label="Device" {...form.getInputProps('device')} required>
        <Group gap="lg" mt={4}>
          {(Object.keys(CAPTURE_DEVICES) as CaptureDevice[]).map((key) => (
            <Radio
              key={key}
              value={key}
              label={`${CAPTURE_DEVICES[key].label} (${CAPTURE_DEVICES[key].width} px wide)`}
              disabled={disabled}
            />
          ))}
        </Group>
      </Radio.Group>
      <Checkbox.Group label="Screenshot" {...form.getInputProps('views')} required>
        <Group gap="lg" mt={4}>
          {(Object.keys(CAPTURE_VIEWS) as CaptureView[]).map((key) => (
            <Checkbox key={key} value={key} label={CAPTURE_VIEWS[key]} disabled={disabled} />
          ))}
        </Group>
      </Checkbox.Group>
      <Button variant="light" w="fit-content" onClick={add} disabled={disabled}>
        Add capture
      </Button>
    </Stack>
  );
}
