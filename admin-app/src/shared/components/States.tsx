import type { ReactNode } from 'react';
import { Button, Notice, Spinner } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

export function LoadingState( { label }: { label?: string } ) {
	const text = label ?? __( 'Loading…', 'userfeedback' );
	return (
		<div className="userfeedback-loading" role="status" aria-live="polite">
			<Spinner />
			<span>{ text }</span>
		</div>
	);
}

export function EmptyState( {
	title,
	children,
	action,
}: {
	title: string;
	children?: ReactNode;
	action?: ReactNode;
} ) {
	return (
		<div className="userfeedback-empty">
			<h3 className="userfeedback-empty__title">{ title }</h3>
			{ children && (
				<div className="userfeedback-empty__body">{ children }</div>
			) }
			{ action && (
				<div className="userfeedback-empty__action">{ action }</div>
			) }
		</div>
	);
}

/** A query that failed: what the server said, and a retry. */
export function QueryError( {
	error,
	onRetry,
}: {
	error: unknown;
	onRetry?: () => void;
} ) {
	const message =
		error instanceof Error && error.message
			? error.message
			: __( 'The request failed.', 'userfeedback' );
	return (
		<div className="userfeedback-error" role="alert">
			<Notice status="error" isDismissible={ false }>
				<p>
					{ __( 'The data could not be loaded:', 'userfeedback' ) }{ ' ' }
					{ message }
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
