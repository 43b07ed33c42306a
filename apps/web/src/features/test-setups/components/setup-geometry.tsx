import { DEFAULT_SCREEN_GEOMETRY } from '@limbus/analytics';
import { type ScreenGeometryInput, screenGeometrySchema, type TestSetup } from '@limbus/contract';
import { Button, Group, Modal, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ErrorAlert } from '../../../ui';
import { useUpdateTestSetupGeometry } from '../api';

/** The geometry a setup without its own is measured in (docs/gaze-analytics.md, Geometry). */
export const DEFAULT_GEOMETRY: ScreenGeometryInput = {
  width_px: DEFAULT_SCREEN_GEOMETRY.widthPx,
  height_px: DEFAULT_SCREEN_GEOMETRY.heightPx,
  width_mm: DEFAULT_SCREEN_GEOMETRY.widthMm,
  height_mm: DEFAULT_SCREEN_GEOMETRY.heightMm,
  distance_mm: DEFAULT_SCREEN_GEOMETRY.distanceMm,
};

type Field = keyof ScreenGeometryInput;
const FIELDS: { field: Field; label: string; unit: string }[] = [
  { field: 'width_px', label: 'Screen width', unit: 'px' },
  { field: 'height_px', label: 'Screen height', unit: 'px' },
  { field: 'width_mm', label: 'Screen width', unit: 'mm' },
  { field: 'height_mm', label: 'Screen height', unit: 'mm' },
  { field: 'distance_mm', label: 'Viewing distance', unit: 'mm' },
];

/** "1920 × 1080 px, 531 × 299 mm at 600 mm" */
export const describeGeometry = (g: ScreenGeometryInput) =>
  `${g.width_px} × ${g.height_px} px, ${g.width_mm} × ${g.height_mm} mm at ${g.distance_mm} mm`;

/** The setup's screen in the table: its own, or the default named as such. */
export function GeometrySummary({ setup }: { setup: TestSetup }) {
  return setup.geometry ? (
    <Text size="sm">{describeGeometry(setup.geometry)}</Text>
  ) : (
    <Text size="sm" c="dimmed">
      Default: {describeGeometry(DEFAULT_GEOMETRY)}
    </Text>
  );
}

type Draft = Record<Field, number | string>;

/** Field messages of the contract's own rules, so the form says what the server would. */
function fieldErrorsOf(draft: Draft): Partial<Record<Field, string>> {
  const parsed = screenGeometrySchema.safeParse(
    Object.fromEntries(
      FIELDS.map(({ field }) => [field, draft[field] === '' ? undefined : Number(draft[field])]),
    ),
  );
  if (parsed.success) return {};
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = FIELDS.find((entry) => entry.field === issue.path[0])?.field;
    if (field) errors[field] ??= draft[field] === '' ? 'This field is required' : issue.message;
  }
  return errors;
}

/** Edits a setup's screen geometry: gaze of its participants is measured in it (in degrees). */
export function GeometryDialog({ setup, onClose }: { setup: TestSetup; onClose: () => void }) {
  const update = useUpdateTestSetupGeometry();
  const form = useForm<Draft>({
    initialValues: { ...(setup.geometry ?? DEFAULT_GEOMETRY) },
    validate: fieldErrorsOf,
  });

  const save = (geometry: ScreenGeometryInput | null) =>
    update.mutate({ id: setup.id, geometry }, { onSuccess: onClose });
  const handleSubmit = form.onSubmit((draft) =>
    save(
      screenGeometrySchema.parse(
        Object.fromEntries(FIELDS.map(({ field }) => [field, Number(draft[field])])),
      ),
    ),
  );

  return (
    <Modal opened onClose={onClose} title={`Screen of ${setup.name}`} centered size="lg">
      <form onSubmit={handleSubmit} aria-label={`Screen of ${setup.name}`} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Gaze of this setup's participants is measured in degrees on this screen, unless a participant was
            recorded with its own. Pixels are those of the eye stream's frame.
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {FIELDS.map(({ field, label, unit }) => (
              <NumberInput
                key={field}
                label={`${label} (${unit})`}
                {...form.getInputProps(field)}
                min={0}
                allowNegative={false}
                allowDecimal={unit === 'mm'}
                required
              />
            ))}
          </SimpleGrid>
          {update.isError ? <ErrorAlert error={update.error} title="The screen could not be saved" /> : null}
          <Group justify="space-between" wrap="wrap">
            <Button variant="subtle" onClick={() => save(null)} disabled={setup.geometry === null}>
              Use the default
            </Button>
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={update.isPending}>
                Save screen
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
