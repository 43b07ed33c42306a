/** Why the microphone cannot record: each has its own advice. */
export type MicrophoneFailure = 'denied' | 'missing' | 'busy' | 'unsupported';

export type MicrophoneAnswer = { stream: MediaStream } | { failure: MicrophoneFailure };

/** Asks the browser for the microphone (its permission prompt): its stream, or why not. */
export async function askMicrophone(): Promise<MicrophoneAnswer> {
  if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined')
    return { failure: 'unsupported' };
  try {
    return { stream: await navigator.mediaDevices.getUserMedia({ audio: true }) };
  } catch (error) {
    const name = error instanceof DOMException ? error.name : '';
    if (name === 'NotAllowedError' || name === 'SecurityError') return { failure: 'denied' };
    if (name === 'NotFoundError' || name === 'OverconstrainedError') return { failure: 'missing' };
    return { failure: 'busy' };
  }
}

/** Ends the stream's tracks: the browser's recording sign goes out. */
export const releaseStream = (stream: MediaStream) => {
  for (const track of stream.getTracks()) track.stop();
};
