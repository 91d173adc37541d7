// When the chart's chunk cannot be fetched (the connection dropped, a release replaced it), the
// card says so instead of breaking the record page; the table still lists every reading.
import { Component, type ReactNode } from 'react';

interface ChartBoundaryProps {
  fallback: ReactNode;
  children: ReactNode;
}

export class ChartBoundary extends Component<ChartBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
