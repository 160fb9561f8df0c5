import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorFallback } from '../components/error-fallback';

interface State {
  failed: boolean;
}

/** Last resort around the whole app (the router has its own error screen for pages). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorFallback /> : this.props.children;
  }
}
