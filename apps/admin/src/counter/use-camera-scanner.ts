import { useCallback, useEffect, useRef, useState } from 'react';
import { cameraTrouble, sightings, type CameraStatus } from './camera.ts';
import { codeReader } from './detector.ts';

/** A frame every 200 ms: quick enough to feel instant, light on a phone's battery. */
const FRAME_MS = 200;

/**
 * The back camera in `videoRef`, read for codes while the screen is open. A code is handed to `onCode`
 * while `taking` is true (the counter is waiting for a customer); it keeps reading otherwise, only to
 * know when the last customer's code has left the camera's view. The camera stops when the screen closes.
 */
export function useCameraScanner(taking: boolean, onCode: (value: string) => void) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState<CameraStatus>('starting');
  const [attempt, setAttempt] = useState(0);
  const takingRef = useRef(taking);
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    takingRef.current = taking;
    onCodeRef.current = onCode;
  });

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    const seen = sightings();

    async function start() {
      setStatus('starting');
      if (!navigator.mediaDevices?.getUserMedia) {
        // Plain http on a LAN address, or an in-app browser without camera access.
        setStatus('unsupported');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          audio: false,
          video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
        });
      } catch (error) {
        if (!stopped) setStatus(cameraTrouble(error));
        return;
      }
      const video = videoRef.current;
      if (stopped || !video) return stop();
      video.srcObject = stream;
      try {
        await video.play();
      } catch {
        /* autoplay of a muted inline video is allowed; frames still arrive if play() was interrupted */
      }
      let reader;
      try {
        reader = await codeReader();
      } catch {
        if (!stopped) setStatus('failed');
        return stop();
      }
      if (stopped) return;
      setStatus('on');
      const tick = async () => {
        if (stopped) return;
        if (
          document.visibilityState === 'visible' &&
          video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA
        ) {
          try {
            for (const value of await reader.read(video)) {
              if (seen.seen(value) && takingRef.current) {
                onCodeRef.current(value);
                break;
              }
            }
          } catch {
            /* a frame the reader could not take (the video resizing): the next one will do */
          }
        }
        if (!stopped) timer = window.setTimeout(() => void tick(), FRAME_MS);
      };
      void tick();
    }

    function stop() {
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
      stream = null;
      if (videoRef.current) videoRef.current.srcObject = null;
    }

    void start();
    return () => {
      stopped = true;
      stop();
    };
  }, [attempt]);

  /** Try the camera again (after allowing it in the browser, or closing the app that held it). */
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { videoRef, status, retry };
}
