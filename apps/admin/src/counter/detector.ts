/*
 * Reading a QR code or barcode from the camera: the browser's own BarcodeDetector where it has one that
 * reads QR codes (Android Chrome, Safari 17+ on macOS), else ZXing-C++ compiled to WebAssembly through
 * the `barcode-detector` ponyfill. The .wasm file is one of this app's built files (Vite copies it into
 * /admin/assets/ with a content hash), never the library's default CDN: the back office's CSP allows this
 * origin only. Loaded the first time the counter needs it, so no other screen downloads it.
 */

/** The member's wallet shows its code as a QR code and as a Code 128 barcode. */
const FORMATS = ['qr_code', 'code_128'] as const;

export interface CodeReader {
  /** The values of the codes in the video's current frame (none most of the time). */
  read(video: HTMLVideoElement): Promise<string[]>;
  /** Which reader it is (shown to nobody; the tests and a bug report). */
  kind: 'native' | 'wasm';
}

interface DetectorLike {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
interface DetectorClass {
  new (options: { formats: string[] }): DetectorLike;
  getSupportedFormats(): Promise<readonly string[]>;
}

const reader = (detector: DetectorLike, kind: CodeReader['kind']): CodeReader => ({
  kind,
  read: async (video) => (await detector.detect(video)).map((c) => c.rawValue).filter(Boolean),
});

async function nativeReader(): Promise<CodeReader | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const supported = await Native.getSupportedFormats();
    const formats = FORMATS.filter((f) => supported.includes(f));
    // Some desktop builds have the class but no engine behind it (an empty list).
    if (!formats.includes('qr_code')) return null;
    return reader(new Native({ formats }), 'native');
  } catch {
    return null;
  }
}

async function wasmReader(): Promise<CodeReader> {
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  // Compiled now rather than on the first frame: a failure to load shows at once (typed codes still work).
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
    fireImmediately: true,
  });
  return reader(new BarcodeDetector({ formats: [...FORMATS] }), 'wasm');
}

let shared: Promise<CodeReader> | null = null;

/** The reader for this browser, made once per page; rejects when neither can run here. */
export function codeReader(): Promise<CodeReader> {
  shared ??= nativeReader()
    .then((native) => native ?? wasmReader())
    .catch((error: unknown) => {
      shared = null; // a later visit to the screen tries again
      throw error;
    });
  return shared;
}
