import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Notice } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

interface Props {
	children: ReactNode;
}

interface State {
	error: Error | null;
}

/**
 * Keeps a crash in one screen from blanking the whole admin page: the header,
 * notices and navigation stay usable and the user is told what happened.
 */
export class ErrorBoundary extends Component< Props, State > {
	state: State = { error: null };

	static getDerivedStateFromError( error: Error ): State {
		return { error };
	}

	componentDidCatch( error: Error, info: ErrorInfo ): void {
		// Left in the console for support: the message shown to users is short.
		// eslint-disable-next-line no-console
		console.error( 'UserFeedback:', error, info.componentStack );
	}

	render() {
		if ( this.state.error ) {
			return (
				<ErrorMessage
					error={ this.state.error }
					onRetry={ () => this.setState( { error: null } ) }
				/>
			);
		}
		return this.props.children;
	}
}

export function ErrorMessage( {
	error,
	onRetry,
}: {
	error: unknown;
	onRetry?: () => void;
} ) {
	const detail =
		error instanceof Error
			? error.message
			: __( 'Unknown error.', 'userfeedback' );
	return (
		<div className="userfeedback-error" role="alert">
			<Notice status="error" isDismissible={ false }>
				<p>
					<strong>
						{ __(
							'This screen could not be displayed.',
							'userfeedback'
						) }
					</strong>{ ' ' }
					{ __(
						'Reload the page to try again. If the problem persists, contact support with the message below.',
						'userfeedback'
					) }
				</p>
				<p>
					<code>{ detail }</code>
				</p>
			</Notice>
			{ onRetry && (
				<Button variant="secondary" onClick={ onRetry }>
					{ __( 'Try again', 'userfeedback' ) }
				</Button>
			) }
		</div>
	);
}
