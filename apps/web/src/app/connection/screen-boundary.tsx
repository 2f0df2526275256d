import { Component, type ReactNode } from 'react';
import type { LazyScreen } from '../../shared/ui/lazy-screen.tsx';
import { ConnectionNotice } from './connection-notice.tsx';
import { isLoadFailure } from './load-failure.ts';
import { reloadScreen } from './screen-slot.tsx';
import { useRetryWhileBlocked } from './use-connection-problem.ts';

type Props = { screen: LazyScreen<object> | undefined; children: ReactNode };
type State = { failed: unknown; retrying: boolean };

/**
 * Around the screen, inside the layout: a screen whose code (or a read it waited on) did not download
 * says the member is offline, with the header and the tabs still there, and comes by itself when the
 * code can be downloaded again. Other errors go on to the route's error screen.
 */
export class ScreenBoundary extends Component<Props, State> {
  override state: State = { failed: null, retrying: false };

  static getDerivedStateFromError(failed: unknown): Partial<State> {
    return { failed };
  }

  private retry = () => {
    const { screen } = this.props;
    this.setState({ retrying: true });
    const loading = screen ? reloadScreen(screen) : Promise.resolve();
    loading.then(
      () => this.setState({ failed: null, retrying: false }),
      () => this.setState({ retrying: false }),
    );
  };

  override render() {
    const { failed, retrying } = this.state;
    if (failed === null) return this.props.children;
    if (!isLoadFailure(failed)) throw failed;
    return <RetryingNotice onRetry={this.retry} retrying={retrying} />;
  }
}

function RetryingNotice({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  useRetryWhileBlocked(true, onRetry);
  return <ConnectionNotice problem="offline" onRetry={onRetry} retrying={retrying} />;
}
