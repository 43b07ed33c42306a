import { Paper, Stack, Table, Text, Title } from '@mantine/core';

type Scores = { auc: number; nss: number; cc: number };

/**
 * The means of `bench/saliency-eval.ts` for the first 5 s of a visit, as its results file holds
 * them (bench/results/saliency-eval.json; about-prediction.test.tsx fails when the two differ, so
 * a new evaluation of the model cannot leave this box stale). Generated gaze of the demo shop, not
 * real people. The box's sentences are worded from these numbers.
 */
export const MEASURED_FIRST_SECONDS = {
  pages: 10,
  participants: 48,
  model: { auc: 0.83, nss: 1.07, cc: 0.39 },
  prior: { auc: 0.83, nss: 1.25, cc: 0.46 },
  centre: { auc: 0.52, nss: -0.03, cc: -0.02 },
} as const;

const ROWS = [
  ['Our attention model', MEASURED_FIRST_SECONDS.model],
  ['Position on the page alone', MEASURED_FIRST_SECONDS.prior],
  ['Centre of the screen (baseline)', MEASURED_FIRST_SECONDS.centre],
] as const;

/** A score as the table writes it: two decimals, a real minus sign. */
const written = (value: number) => value.toFixed(2).replace('-', '−');

/** 'as well as', 'better than' or 'less well than': differences under 0.01 are no difference. */
export function compared(model: number, other: number): string {
  if (Math.abs(model - other) < 0.01) return 'as well as';
  return model > other ? 'better than' : 'less well than';
}

function MeasuredTable() {
  return (
    <Table fz="xs" withTableBorder verticalSpacing={4} horizontalSpacing={6}>
      <Table.Caption>
        Means over {MEASURED_FIRST_SECONDS.pages} demo pages, first 5 seconds of a visit, generated gaze
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Map</Table.Th>
          <Table.Th scope="col">AUC</Table.Th>
          <Table.Th scope="col">NSS</Table.Th>
          <Table.Th scope="col">CC</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {ROWS.map(([name, scores]) => (
          <Table.Tr key={name}>
            <Table.Th scope="row" fw={400}>
              {name}
            </Table.Th>
            <Table.Td>{written(scores.auc)}</Table.Td>
            <Table.Td>{written(scores.nss)}</Table.Td>
            <Table.Td>{written(scores.cc)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** What the measurement says to someone reading a heatmap, from how the model compares to position alone. */
function meaningFor(model: Scores, prior: Scores): string {
  const behind = model.nss < prior.nss - 0.01 || model.cc < prior.cc - 0.01;
  return behind
    ? 'Read the heatmap as where a layout like this draws the eye in general, not as a forecast for this page: on this data, what is in the picture adds nothing measurable to where on the page things are.'
    : 'On this data the picture adds to where on the page things are: the heatmap reflects what on this page draws the eye.';
}

/**
 * What the model is, what was measured of it, on which data, and what that means for the reader
 * (docs/attention-model.md). The spec's '94 %' is not shown, as nobody measured it.
 */
export function AboutPrediction() {
  const { model, prior, pages, participants } = MEASURED_FIRST_SECONDS;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="about-prediction">
      <Stack gap="xs">
        <Title order={2} fz={16} id="about-prediction">
          About this prediction
        </Title>
        <Text size="sm">
          Our attention model predicts where people look in the first seconds from what draws the eye on
          interfaces: contrast, colour, text, buttons, pictures and faces, and where on the page they are.
          Peekthrough marks the areas unlikely to be seen in the first 3 to 5 seconds.
        </Text>
        <Text size="sm">
          What was measured: how well the map predicts where visitors of our demo shop looked in their first 5
          seconds ({pages} pages, {participants} participants whose gaze our generator made: not real people).
          The model ranks the looked-at spots {compared(model.auc, prior.auc)} position on the page alone (AUC{' '}
          {written(model.auc)} against {written(prior.auc)}), and concentrates on them{' '}
          {compared(model.nss, prior.nss)} position alone (NSS {written(model.nss)} against{' '}
          {written(prior.nss)}
          ).
        </Text>
        <Text size="sm">
          What it means for you: {meaningFor(model, prior)} No accuracy on real people has been measured yet.
        </Text>
        <MeasuredTable />
        <Text size="xs" c="dimmed">
          AUC: how well the map ranks the spots people looked at above the others (0.5 is chance, 1 perfect).
          NSS and CC: how far above average the map is where people looked, and how alike the two maps are.
        </Text>
      </Stack>
    </Paper>
  );
}
