import {
  CAPTURE_DEVICE_REQUIRED,
  CAPTURE_DEVICES,
  CAPTURE_VIEW_REQUIRED,
  CAPTURE_VIEWS,
  type CaptureDevice,
  type CaptureView,
} from '@limbus/contract';
import { Button, Checkbox, Group, Radio, Stack, TextInput } from '@mantine/core';
import { IconWorldWww } from '@tabler/icons-react';
import { useState } from 'react';
import type { UploadSource } from '../api';

type Errors = { url?: string; device?: string; views?: string };

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
  const [url, setUrl] = useState('');
  const [device, setDevice] = useState<CaptureDevice | null>(null);
  const [views, setViews] = useState<CaptureView[]>([]);
  const [errors, setErrors] = useState<Errors>({});

  const add = () => {
    const found: Errors = {
      url: urlError(url),
      device: device ? undefined : CAPTURE_DEVICE_REQUIRED,
      views: views.length > 0 ? undefined : CAPTURE_VIEW_REQUIRED,
    };
    setErrors(found);
    if (found.url || !device || views.length === 0) return;
    onAdd(views.map((view) => ({ kind: 'capture', capture: { url: url.trim(), device, view } })));
    setUrl('');
  };

  return (
    <Stack gap="sm">
      <TextInput
        label="Web address"
        placeholder="https://www.example.com/"
        leftSection={<IconWorldWww size={16} aria-hidden />}
        value={url}
        onChange={(event) => setUrl(event.currentTarget.value)}
        error={errors.url}
        disabled={disabled}
      />
      <Radio.Group
        label="Device"
        value={device ?? ''}
        onChange={(value) => setDevice(value as CaptureDevice)}
        error={errors.device}
        required
      >
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
      <Checkbox.Group
        label="Screenshot"
        value={views}
        onChange={(value) => setViews(value as CaptureView[])}
        error={errors.views}
        required
      >
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
