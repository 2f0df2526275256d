// The service worker's globals. The app's TypeScript program uses the DOM library, and the WebWorker
// library cannot be added beside it (the two declare the same names differently), so sw.ts types the
// few parts of the worker's scope it uses here.

export interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

export interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  readonly preloadResponse: Promise<Response | undefined> | undefined;
  respondWith(response: Response | Promise<Response>): void;
}

export interface PushEvent extends ExtendableEvent {
  readonly data: { text(): string } | null;
}

export interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification;
}

export interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
}

export interface WindowClient {
  readonly url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}

export interface Clients {
  claim(): Promise<void>;
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
  openWindow(url: string): Promise<WindowClient | null>;
}

interface WorkerEvents {
  activate: ExtendableEvent;
  fetch: FetchEvent;
  message: ExtendableMessageEvent;
  notificationclick: NotificationEvent;
  push: PushEvent;
}

export interface ServiceWorkerScope {
  readonly location: Location;
  readonly clients: Clients;
  readonly registration: ServiceWorkerRegistration & {
    navigationPreload?: { enable(): Promise<void> };
  };
  skipWaiting(): Promise<void>;
  addEventListener<K extends keyof WorkerEvents>(type: K, listener: (event: WorkerEvents[K]) => void): void;
}
