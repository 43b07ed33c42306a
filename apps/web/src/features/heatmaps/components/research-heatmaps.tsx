import { Tabs } from '@mantine/core';
import { HeatmapManager } from './heatmap-manager';
import { HeatmapViewer } from './heatmap-viewer';

/** The research area's heatmaps: the viewer and the management of the test's heatmap pages. */
export function ResearchHeatmaps({ testId }: { testId: number }) {
  return (
    <Tabs defaultValue="heatmaps" keepMounted={false}>
      <Tabs.List mb="lg">
        <Tabs.Tab value="heatmaps">Heatmaps</Tabs.Tab>
        <Tabs.Tab value="manage">Manage</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="heatmaps">
        <HeatmapViewer testId={testId} emptyHint="Create a heatmap page under Manage." />
      </Tabs.Panel>
      <Tabs.Panel value="manage">
        <HeatmapManager testId={testId} />
      </Tabs.Panel>
    </Tabs>
  );
}
