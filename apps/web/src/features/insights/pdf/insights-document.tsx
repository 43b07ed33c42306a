// The React 17+ JSX transform also where no tsconfig says so: the Insights PDF bench renders this
// document under tsx from the repository root (bench/insights-pdf-bench.ts).
/** @jsxRuntime automatic */
import { cutComment, EMOTION_NAMES, EMOTIONS, type Insight } from '@limbus/contract';
import { Document, G, Page, Rect, StyleSheet, Svg, Text, View } from '@react-pdf/renderer';
import { EMOTION_COLORS, EMOTION_TEXT_COLORS } from '../../../ui/emotion-colors';
import { counted, insightFacts, richTextToPlain } from '../insight-facts';

export type InsightsReport = {
  testName: string;
  companyName: string;
  /** When the report was made, as the app's one date format writes it. */
  date: string;
  insights: readonly Insight[];
};

const styles = StyleSheet.create({
  page: { padding: 32, fontSize: 9, fontFamily: 'Helvetica', color: '#1f2430' },
  header: { flexDirection: 'row', justifyContent: 'space-between', marginBottom: 10, color: '#5b6170' },
  title: { fontSize: 18, fontFamily: 'Helvetica-Bold', marginBottom: 4 },
  facts: { flexDirection: 'row', gap: 16, marginBottom: 8, color: '#5b6170' },
  columns: { flexDirection: 'row', gap: 24, flexGrow: 1 },
  left: { flex: 3 },
  right: { flex: 2 },
  heading: { fontSize: 10, fontFamily: 'Helvetica-Bold', marginTop: 8, marginBottom: 3 },
  paragraph: { lineHeight: '12pt' },
  comment: { marginBottom: 5, lineHeight: '12pt' },
  commentMeta: { color: '#5b6170', fontSize: 8 },
  footer: { position: 'absolute', bottom: 20, left: 36, right: 36, fontSize: 8, color: '#8a8f9c' },
});

const CHART = { width: 220, barHeight: 12, gap: 6, labelWidth: 70 };
/** The comments a page has room for beside the insight's text. */
const PDF_COMMENTS = 4;

/** How many of the insight's points peak in each emotion, as horizontal bars. */
function EmotionBars({ counts }: { counts: Record<(typeof EMOTIONS)[number], number> }) {
  const max = Math.max(1, ...EMOTIONS.map((emotion) => counts[emotion]));
  const barSpace = CHART.width - CHART.labelWidth - 24;
  return (
    <Svg width={CHART.width} height={EMOTIONS.length * (CHART.barHeight + CHART.gap)}>
      {EMOTIONS.map((emotion, index) => {
        const y = index * (CHART.barHeight + CHART.gap);
        const width = Math.max(2, (counts[emotion] / max) * barSpace);
        return (
          <G key={emotion}>
            <Text x={0} y={y + 9} style={{ fontSize: 9 }}>
              {EMOTION_NAMES[emotion]}
            </Text>
            <Rect
              x={CHART.labelWidth}
              y={y}
              width={width}
              height={CHART.barHeight}
              fill={EMOTION_COLORS[emotion]}
            />
            <Text x={CHART.labelWidth + width + 4} y={y + 9} style={{ fontSize: 9 }}>
              {String(counts[emotion])}
            </Text>
          </G>
        );
      })}
    </Svg>
  );
}

function Section({ title, text }: { title: string; text: string }) {
  const plain = richTextToPlain(text);
  if (!plain || plain === '...') return null;
  return (
    <View>
      <Text style={styles.heading}>{title}</Text>
      <Text style={styles.paragraph}>{plain}</Text>
    </View>
  );
}

function InsightPage({ report, insight }: { report: InsightsReport; insight: Insight }) {
  const facts = insightFacts(insight);
  const comments = insight.significant_points.filter((point) => point.comment.trim());
  return (
    // one page per insight (spec 3 §2): the text is sized so that an insight fits its page
    <Page size="A4" orientation="landscape" style={styles.page}>
      <View style={styles.header} fixed>
        <Text>
          {report.testName} · {report.companyName}
        </Text>
        <Text>
          Insight {insight.assigned_id} of {report.insights.length}
        </Text>
      </View>
      <Text style={[styles.title, { color: EMOTION_TEXT_COLORS[facts.mainEmotion] }]}>
        {insight.assigned_id}. {insight.title}
      </Text>
      <View style={styles.facts}>
        <Text>{counted(facts.dataPoints, 'data point')}</Text>
        <Text>{counted(facts.participants, 'participant')}</Text>
        <Text>Mostly {EMOTION_NAMES[facts.mainEmotion].toLowerCase()}</Text>
      </View>
      <View style={styles.columns}>
        <View style={styles.left}>
          <Section title="Summary" text={insight.summary} />
          <Section title="Explanation" text={insight.explanation} />
        </View>
        <View style={styles.right}>
          <Text style={styles.heading}>Emotions of the data points</Text>
          <EmotionBars counts={facts.emotionCounts} />
          <Section title="Suggestion" text={insight.suggestion} />
          {comments.length > 0 && <Text style={styles.heading}>What participants said</Text>}
          {comments.slice(0, PDF_COMMENTS).map((point) => (
            <View key={point.id} style={styles.comment} wrap={false}>
              <Text>“{cutComment(point.comment)}”</Text>
              <Text style={styles.commentMeta}>
                Participant {point.participant_label} · {EMOTION_NAMES[point.emotion]}
              </Text>
            </View>
          ))}
        </View>
      </View>
      <Text style={styles.footer} fixed>
        Limbus insights report · {report.date}
      </Text>
    </Page>
  );
}

/** The Insights PDF: A4 landscape, one insight per page with its numbers and chart (spec 3 §2). */
export function insightsDocument(report: InsightsReport) {
  return (
    <Document title={`Insights · ${report.testName}`} author="Limbus" creator="Limbus">
      {report.insights.map((insight) => (
        <InsightPage key={insight.id} report={report} insight={insight} />
      ))}
    </Document>
  );
}
