import { Button, Result } from 'antd';
import { Component, type ReactNode } from 'react';
import { i18n } from '../app/i18n';

interface State {
  error: Error | null;
}

/**
 * Keeps one page's crash inside its tab; the error itself is recorded in the
 * error log by the React root's onCaughtError.
 */
export class PageBoundary extends Component<{ children: ReactNode; onRetry?: () => void }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (!error) {
      return this.props.children;
    }
    return (
      <Result
        status="error"
        title={i18n.t('shell:error.pageCrashed')}
        subTitle={error.message}
        extra={
          <Button
            type="primary"
            onClick={() => {
              this.setState({ error: null });
              this.props.onRetry?.();
            }}
          >
            {i18n.t('shell:error.reload')}
          </Button>
        }
      />
    );
  }
}
