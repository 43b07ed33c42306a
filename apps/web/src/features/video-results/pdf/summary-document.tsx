import { EMOTION_NAMES, NOTE_TYPE_NAMES, NOTE_TYPES } from '@limbus/contract';
import { Document, Line, Page, Polyline, StyleSheet, Svg, Text, View } from '@react-pdf/renderer';
import { formatClock } from '../../../ui/dates';
import { EMOTION_COLORS } from '../../../ui/emotion-colors';
import type { SummaryReport } from '../summary-report';

const EMOTIONS = ['frustration', 'joy', 'attention'] as const;

const styles = StyleSheet.create({
  page: { padding: 32, paddingBottom: 44, fontSize: 9, fontFamily: 'Helvetica', color: '#1f2430' },
  header: { flexDirection: 'row', justifyContent: 'space-between', marginBottom: 10, color: '#5b6170' },
  title: { fontSize: 18, fontFamily: 'Helvetica-Bold', marginBottom: 8 },
  stats: { flexDirection: 'row', gap: 24, marginBottom: 12 },
  statLabel: { color: '#5b6170', fontSize: 8 },
  statValue: { fontSize: 12, fontFamily: 'Helvetica-Bold' },
  heading: { fontSize: 11, fontFamily: 'Helvetica-Bold', marginTop: 12, marginBottom: 4 },
  legend: { flexDirection: 'row', gap: 12, marginTop: 4, color: '#5b6170' },
  row: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: '#d5d8de', paddingVertical: 3 },
  headRow: { fontFamily: 'Helvetica-Bold' },
  sceneCell: { flex: 3 },
  cell: { flex: 2 },
  rankCell: { flex: 2.4, paddingLeft: 14 },
  number: { flex: 1.4, textAlign: 'right' },
  note: { marginBottom: 3, lineHeight: '12pt' },
  noteLabel: { fontFamily: 'Helvetica-Bold' },
  sceneBlock: { marginBottom: 8 },
  footer: { position: 'absolute', bottom: 20, left: 32, right: 32, fontSize: 8, color: '#8a8f9c' },
});

const CHART = { width: 530, height: 120 };
const clock = (ms: number) => formatClock(ms / 1000, { padMinutes: true });

/** The viewers' mean scores over the video as three lines, the scenes' starts as thin marks. */
function ScoreChart({ report }: { report: SummaryReport }) {
  const span = Math.max(1, report.durationMs);
  const x = (ms: number) => (ms / span) * CHART.width;
  const y = (score: number) => CHART.height - score * CHART.height;
  return (
    <View>
      <Svg width={CHART.width} height={CHART.height + 12}>
        <Line
          x1={0}
          y1={CHART.height}
          x2={CHART.width}
          y2={CHART.height}
          stroke="#9aa0ab"
          strokeWidth={0.5}
        />
        {report.scenes.map((scene) => (
          <Line
            key={`${scene.name}-${scene.startMs}`}
            x1={x(scene.startMs)}
            y1={0}
            x2={x(scene.startMs)}
            y2={CHART.height}
            stroke="#d5d8de"
            strokeWidth={0.5}
          />
        ))}
        {EMOTIONS.map((emotion) => (
          <Polyline
            key={emotion}
            points={report.scores.map((score) => `${x(score.t)},${y(score[emotion])}`).join(' ')}
            stroke={EMOTION_COLORS[emotion]}
            strokeWidth={1.2}
            fill="none"
          />
        ))}
        <Text x={0} y={CHART.height + 10} style={{ fontSize: 7 }}>
          {clock(0)}
        </Text>
        <Text x={CHART.width - 24} y={CHART.height + 10} style={{ fontSize: 7 }}>
          {clock(report.durationMs)}
        </Text>
      </Svg>
      <View style={styles.legend}>
        {EMOTIONS.map((emotion) => (
          <View key={emotion} style={{ flexDirection: 'row', alignItems: 'center', gap: 3 }}>
            <View style={{ width: 8, height: 8, backgroundColor: EMOTION_COLORS[emotion] }} />
            <Text>{EMOTION_NAMES[emotion]}</Text>
          </View>
        ))}
        <Text>Mean scores of the viewers, 0 to 100; thin lines: scene starts</Text>
      </View>
    </View>
  );
}

const score = (value: number | null) => (value === null ? '–' : String(value));

function SceneTable({ report }: { report: SummaryReport }) {
  return (
    <View>
      <View style={[styles.row, styles.headRow]} fixed>
        <Text style={styles.sceneCell}>Scene</Text>
        <Text style={styles.cell}>Time</Text>
        <Text style={styles.number}>Frustration</Text>
        <Text style={styles.number}>Joy</Text>
        <Text style={styles.number}>Attention</Text>
        {report.norms && <Text style={styles.rankCell}>Percentile (range)</Text>}
      </View>
      {report.scenes.map((scene, index) => (
        <View key={`${scene.name}-${scene.startMs}`} style={styles.row} wrap={false}>
          <Text style={styles.sceneCell}>{scene.name}</Text>
          <Text style={styles.cell}>
            {scene.start} – {scene.end}
          </Text>
          <Text style={styles.number}>{score(scene.means.frustration)}</Text>
          <Text style={styles.number}>{score(scene.means.joy)}</Text>
          <Text style={styles.number}>{score(scene.means.attention)}</Text>
          {report.norms && <Text style={styles.rankCell}>{report.norms.ranks[index] ?? '–'}</Text>}
        </View>
      ))}
      <Text style={[styles.statLabel, { marginTop: 3 }]}>
        Mean scores of the viewers within each scene, 0 to 100.
        {report.norms
          ? ` Percentiles among ${report.norms.against} (F frustration, J joy, A attention); in brackets the range the viewers' spread allows (95 %).`
          : ''}
      </Text>
    </View>
  );
}

function SceneNotes({ scene }: { scene: SummaryReport['scenes'][number] }) {
  const written = NOTE_TYPES.filter((type) => scene.notes[type]?.trim());
  return (
    <View style={styles.sceneBlock} wrap={false}>
      <Text style={[styles.noteLabel, { marginBottom: 2 }]}>
        {scene.name} ({scene.start} – {scene.end})
      </Text>
      {written.length === 0 ? (
        <Text style={styles.statLabel}>No further consultant input</Text>
      ) : (
        written.map((type) => (
          <Text key={type} style={styles.note}>
            <Text style={styles.noteLabel}>{NOTE_TYPE_NAMES[type]}: </Text>
            {scene.notes[type]}
          </Text>
        ))
      )}
    </View>
  );
}

/** The summary of a video test as a PDF: who watched, the scores over the video, the scenes and the consultant's notes. */
export function summaryDocument(report: SummaryReport) {
  return (
    <Document title={`Summary · ${report.testName}`} author="Limbus" creator="Limbus">
      <Page size="A4" style={styles.page}>
        <View style={styles.header} fixed>
          <Text>
            {report.testName} · {report.companyName}
          </Text>
          <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />
        </View>
        <Text style={styles.title}>Summary: {report.testName}</Text>
        {report.about.map((line) => (
          <Text key={line} style={styles.statLabel}>
            {line}
          </Text>
        ))}
        <View style={styles.stats}>
          {report.stats.map((stat) => (
            <View key={stat.label} style={{ maxWidth: 170 }}>
              <Text style={styles.statLabel}>{stat.label}</Text>
              <Text style={styles.statValue}>{stat.value}</Text>
              {stat.note ? <Text style={styles.statLabel}>{stat.note}</Text> : null}
            </View>
          ))}
        </View>
        {report.scores.length > 0 && <ScoreChart report={report} />}
        <Text style={styles.heading}>Scenes</Text>
        {report.scenes.length === 0 ? (
          <Text style={styles.statLabel}>There are no scenes yet.</Text>
        ) : (
          <SceneTable report={report} />
        )}
        {report.scenes.length > 0 && <Text style={styles.heading}>Consultant notes</Text>}
        {report.scenes.map((scene) => (
          <SceneNotes key={`${scene.name}-${scene.startMs}`} scene={scene} />
        ))}
        <Text style={styles.footer} fixed>
          Limbus video summary · {report.date}
        </Text>
      </Page>
    </Document>
  );
}
