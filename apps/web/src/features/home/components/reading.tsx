import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { SUPPORT_URL } from '../../support';
import { ARTICLES, PROMOS } from '../content';

export function Articles() {
  return (
    <section aria-labelledby="articles-title">
      <Title order={2} fz={20} mb="sm" id="articles-title">
        Learn
      </Title>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        {ARTICLES.map((article) => (
          <Card key={article.title} component="article" p="lg">
            <Stack gap="sm" h="100%">
              <Badge variant="light" w="fit-content">
                {article.minutes} min read
              </Badge>
              <Title order={3} fz={17}>
                {article.title}
              </Title>
              <Text size="sm" c="dimmed">
                {article.summary}
              </Text>
              <Text size="sm" fw={500} mt="auto">
                {article.takeaway}
              </Text>
              <Anchor component={Link} to="/resources" size="sm">
                More in Resources
              </Anchor>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}

export function Promos() {
  return (
    <section aria-labelledby="promos-title">
      <Title order={2} fz={20} mb="sm" id="promos-title">
        More from Limbus
      </Title>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        {PROMOS.map((promo) => (
          <Card key={promo.title} p="lg" bg="var(--mantine-primary-color-light)" withBorder={false}>
            <Stack gap="xs" h="100%">
              <Title order={3} fz={17}>
                {promo.title}
              </Title>
              <Text size="sm">{promo.description}</Text>
              <Group mt="auto">
                <Anchor href={SUPPORT_URL} target="_blank" rel="noopener noreferrer" size="sm" fw={600}>
                  {promo.cta}
                </Anchor>
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}
