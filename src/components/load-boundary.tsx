/**
 * Shows `fallback` instead of a part loaded on first use whose code could not be fetched (offline
 * before the service worker kept the release, decision 0036), so the screen around it stays usable:
 * without it the router's error screen replaced every signed-in screen.
 */
import { Component, type ReactNode } from 'react';

export class LoadBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
