import { Button, Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBrain,
  IconChartDots,
  IconEye,
  IconLayoutRows,
  IconListDetails,
  IconSquareRoundedCheck,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link, useSearchParams } from 'react-router';
import { resultsHref } from '../user-tests';
import { markIntroductionSeen } from './introduction-seen';
import { useLoadedTest } from './test-layout';

type Explanation = { title: string; text: string; icon: ComponentType<{ size?: number }> };

const EXPLANATIONS: Explanation[] = [
  {
    title: 'Emotions and significant points',
    text: 'Joy, attention and frustration are measured second by second while participants use the site. Peaks and sudden changes are marked as significant points, so you can jump straight to the moments that matter.',
    icon: IconChartDots,
  },
  {
    title: 'Screen recording and eye tracking',
    text: 'Every session is recorded with the participant’s gaze drawn on top. Watch where people look, what they miss and where they hesitate before they click.',
    icon: IconEye,
  },
  {
    title: 'Neurofeedback',
    text: 'Facial expressions are translated into emotional reactions without asking a single question. It shows what participants feel, not just what they say afterwards.',
    icon: IconBrain,
  },
  {
    title: 'Elements',
    text: 'Buttons, images, menus and forms are scored on the attention and emotion they trigger. See which elements pull people in and which ones are overlooked.',
    icon: IconSquareRoundedCheck,
  },
  {
    title: 'Sections',
    text: 'Each page is split into sections, such as the header, the product block or the checkout form, so results can be compared part by part instead of page by page.',
    icon: IconLayoutRows,
  },
  {
    title: 'Section insights',
    text: 'For every section, our consultants sum up what works, what frustrates and what to change first, backed by the measurements above.',
    icon: IconListDetails,
  },
];

/** /test/{id}/demo 'Introduction to the product' (spec 3 §2); demo users always start here. */
export function IntroductionPage() {
  const test = useLoadedTest();
  const [search] = useSearchParams();
  const next = resultsHref({ id: test.id, platform: search.get('type') === 'video' ? 'video' : 'desktop' });
  return (
    <Stack gap="lg">
      <Title order={2} fz={24}>
        Introduction to the product
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {EXPLANATIONS.map(({ title, text, icon: Icon }) => (
          <Card key={title} p="lg" component="section" aria-label={title}>
            <Stack gap="sm">
              <ThemeIcon size={40} radius="xl" variant="light">
                <Icon size={22} />
              </ThemeIcon>
              <Title order={3} fz={18}>
                {title}
              </Title>
              <Text c="dimmed" fz="sm">
                {text}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Button component={Link} to={next} onClick={() => markIntroductionSeen(test.id)} w="fit-content">
        Continue to test
      </Button>
    </Stack>
  );
}
