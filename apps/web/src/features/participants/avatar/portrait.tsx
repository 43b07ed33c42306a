import { useId } from 'react';
import type { HairStyle, Portrait } from './portraits';

/** Hair drawn behind the head (long hair falling past the face). */
const BACK_HAIR: Partial<Record<HairStyle, string>> = {
  long: 'M18 29 Q18 11 32 11 Q46 11 46 29 L47 52 L17 52 Z',
  bob: 'M19 28 Q19 11 32 11 Q45 11 45 28 L46 41 Q41 43 39 39 L25 39 Q23 43 18 41 Z',
  waves: 'M18 28 Q18 11 32 11 Q46 11 46 28 Q49 34 45 39 Q49 45 45 50 L19 50 Q15 45 19 39 Q15 34 18 28 Z',
  ponytail: 'M43 20 Q53 24 49 40 Q47 46 44 44 Q47 34 41 25 Z',
};

/** Hair drawn over the head: fringes, caps, buns and curls. */
const FRONT_HAIR: Record<HairStyle, string> = {
  long: 'M20 27 Q20 12 32 12 Q44 12 44 27 Q40 18 32 18 Q25 18 20 27 Z',
  bob: 'M20 25 Q20 12 32 12 Q44 12 44 25 L44 22 Q32 17 20 22 Z',
  waves: 'M20 26 Q22 12 32 12 Q42 12 44 26 Q39 16 31 19 Q25 20 20 26 Z',
  bun: 'M20 25 Q20 13 32 13 Q44 13 44 25 Q39 17 32 17 Q25 17 20 25 Z M32 3 a6 6 0 1 0 0.01 0 Z',
  ponytail: 'M20 25 Q20 13 32 13 Q44 13 44 25 Q38 17 30 18 Q24 19 20 25 Z',
  curls:
    'M19 27 a5 5 0 0 1 2 -9 a5 5 0 0 1 6 -6 a5 5 0 0 1 10 0 a5 5 0 0 1 6 6 a5 5 0 0 1 2 9 a5 5 0 0 1 -2 6 L44 24 Q32 17 20 24 L21 33 a5 5 0 0 1 -2 -6 Z',
  crop: 'M21 25 Q21 14 32 14 Q43 14 43 25 Q42 20 38 19 Q32 18 26 19 Q22 20 21 25 Z',
  'side-part': 'M21 26 Q20 13 33 13 Q44 14 43 26 Q41 19 36 18 L28 17 Q23 19 21 26 Z',
  buzz: 'M21.5 24 Q22 15 32 15 Q42 15 42.5 24 Q38 19.5 32 19.5 Q26 19.5 21.5 24 Z',
  quiff: 'M21 25 Q20 15 28 12 Q36 8 41 13 Q44 17 43 25 Q41 19 35 19 Q26 19 21 25 Z',
  bald: 'M21 29 Q21 24 22.5 22 L23 29 Z M43 29 Q43 24 41.5 22 L41 29 Z',
  'short-curls':
    'M21 25 a4 4 0 0 1 3 -8 a4 4 0 0 1 7 -3 a4 4 0 0 1 7 1 a4 4 0 0 1 4 7 a3 3 0 0 1 1 3 Q38 19 32 19 Q26 19 21 25 Z',
};

/** A participant portrait (decorative: the participant id beside it names the row). */
export function PortraitSvg({ portrait, size }: { portrait: Portrait; size: number }) {
  const clipId = useId();
  const back = BACK_HAIR[portrait.hair];
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <clipPath id={clipId}>
        <circle cx="32" cy="32" r="32" />
      </clipPath>
      <g clipPath={`url(#${clipId})`}>
        <rect width="64" height="64" fill={portrait.background} />
        {back ? <path d={back} fill={portrait.hairColour} /> : null}
        <path d="M10 64 Q11 49 32 47 Q53 49 54 64 Z" fill={portrait.shirt} />
        <rect x="27.5" y="37" width="9" height="11" rx="4" fill={portrait.skin} />
        <rect x="27.5" y="40" width="9" height="3" fill="#000" opacity="0.08" />
        <ellipse cx="32" cy="28" rx="11" ry="13" fill={portrait.skin} />
        <ellipse cx="21" cy="29" rx="2" ry="3" fill={portrait.skin} />
        <ellipse cx="43" cy="29" rx="2" ry="3" fill={portrait.skin} />
        {portrait.beard ? (
          <path
            d="M21 29 Q21 42 32 42 Q43 42 43 29 Q42 36 38 35 Q32 33 26 35 Q22 36 21 29 Z"
            fill={portrait.hairColour}
          />
        ) : null}
        <path d={FRONT_HAIR[portrait.hair]} fill={portrait.hairColour} fillRule="evenodd" />
        <circle cx="27.5" cy="28.5" r="1.3" fill="#1f2937" />
        <circle cx="36.5" cy="28.5" r="1.3" fill="#1f2937" />
        <path
          d="M25.5 25 Q27.5 24 29.5 25 M34.5 25 Q36.5 24 38.5 25"
          stroke={portrait.hairColour}
          strokeWidth="0.9"
          fill="none"
          strokeLinecap="round"
        />
        <path
          d="M29 34.5 Q32 37 35 34.5"
          stroke={portrait.beard ? '#f3f4f6' : '#9f4a3c'}
          strokeWidth="1.2"
          fill="none"
          strokeLinecap="round"
        />
        {portrait.glasses ? (
          <g stroke="#1f2937" strokeWidth="0.9" fill="#ffffff" fillOpacity="0.25">
            <circle cx="27.5" cy="28.5" r="3.4" />
            <circle cx="36.5" cy="28.5" r="3.4" />
            <path d="M30.9 28.2 L33.1 28.2" fill="none" />
          </g>
        ) : null}
        {portrait.earrings ? (
          <g fill="#f59e0b">
            <circle cx="21" cy="33" r="1.1" />
            <circle cx="43" cy="33" r="1.1" />
          </g>
        ) : null}
      </g>
    </svg>
  );
}
