/**
 * One question in the builder: a drag handle, its tabs (Question, Settings, Logic),
 * its validation messages and Delete Question with confirmation.
 */
import { useState, type CSSProperties } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Icon } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import type { Question } from '../../../../shared/types';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Tabs } from '../../components/Tabs';
import { questionTypeLabel } from '../../../../shared/questionTypes';
import { useBuilderStore, type QuestionTab as TabKey } from '../../store';
import { DeleteArchiveNote, useResponsesCount } from './ArchiveNote';
import { LogicTab } from './LogicTab';
import { QuestionTab } from './QuestionTab';
import { SettingsTab } from './SettingsTab';

const NO_ERRORS: string[] = [];

export function QuestionCard( {
	question,
	index,
	questions,
	isNps,
	onDelete,
}: {
	question: Question;
	index: number;
	questions: Question[];
	isNps: boolean;
	onDelete: ( id: number ) => void;
} ) {
	const [ confirming, setConfirming ] = useState( false );
	const responses = useResponsesCount();
	const errors = useBuilderStore(
		( state ) => state.errors[ question.id ] ?? NO_ERRORS
	);
	const tab = useBuilderStore(
		( state ) => state.activeTab[ question.id ] ?? 'question'
	);
	const {
		attributes,
		listeners,
		setNodeRef,
		setActivatorNodeRef,
		transform,
		transition,
		isDragging,
	} = useSortable( { id: question.id } );
	const style: CSSProperties = {
		transform: CSS.Transform.toString( transform ),
		transition,
	};

	const number = index + 1;
	const headingId = `userfeedback-question-${ question.id }-title`;
	const heading = sprintf(
		/* translators: 1: question number, 2: question title. */
		__( 'Question %1$d: %2$s', 'userfeedback' ),
		number,
		question.title.trim() || __( '(untitled)', 'userfeedback' )
	);

	return (
		<li
			ref={ setNodeRef }
			style={ style }
			className={ `userfeedback-question-card${
				errors.length ? ' has-errors' : ''
			}${ isDragging ? ' is-dragging' : '' }` }
			aria-labelledby={ headingId }
		>
			<div className="userfeedback-question-card__header">
				<button
					type="button"
					ref={ setActivatorNodeRef }
					className="userfeedback-question-card__handle"
					{ ...attributes }
					{ ...listeners }
					aria-label={ sprintf(
						/* translators: %d: question number. */
						__( 'Move question %d', 'userfeedback' ),
						number
					) }
				>
					<Icon icon="move" />
				</button>
				<h3
					id={ headingId }
					className="userfeedback-question-card__title"
				>
					{ heading }
				</h3>
				<span className="userfeedback-question-card__type">
					{ questionTypeLabel( question.type ) }
				</span>
				{ errors.length > 0 && (
					<span
						className="userfeedback-question-card__error-icon"
						role="img"
						aria-label={ __(
							'This question has errors',
							'userfeedback'
						) }
					>
						<Icon icon="warning" />
					</span>
				) }
			</div>
			{ errors.length > 0 && (
				<ul className="userfeedback-question-card__errors">
					{ errors.map( ( message ) => (
						<li key={ message }>{ message }</li>
					) ) }
				</ul>
			) }
			<Tabs< TabKey >
				id={ `userfeedback-question-${ question.id }` }
				label={ sprintf(
					/* translators: %d: question number. */
					__( 'Question %d options', 'userfeedback' ),
					number
				) }
				tabs={ [
					{
						key: 'question',
						label: __( 'Question', 'userfeedback' ),
					},
					{
						key: 'settings',
						label: __( 'Settings', 'userfeedback' ),
					},
					{ key: 'logic', label: __( 'Logic', 'userfeedback' ) },
				] }
				selected={ tab }
				onSelect={ ( key ) =>
					useBuilderStore.getState().setActiveTab( question.id, key )
				}
			>
				{ tab === 'question' && (
					<QuestionTab question={ question } isNps={ isNps } />
				) }
				{ tab === 'settings' && <SettingsTab question={ question } /> }
				{ tab === 'logic' && (
					<LogicTab question={ question } questions={ questions } />
				) }
			</Tabs>
			<div className="userfeedback-question-card__footer">
				<Button
					variant="tertiary"
					isDestructive
					onClick={ () => setConfirming( true ) }
				>
					{ __( 'Delete Question', 'userfeedback' ) }
				</Button>
			</div>
			{ confirming && (
				<ConfirmDialog
					title={ __( 'Delete Question?', 'userfeedback' ) }
					confirmLabel={ __( 'Delete', 'userfeedback' ) }
					onCancel={ () => setConfirming( false ) }
					onConfirm={ () => {
						setConfirming( false );
						onDelete( question.id );
					} }
				>
					<p>
						{ sprintf(
							/* translators: %s: question title. */
							__(
								'"%s" and every condition that refers to it will be removed.',
								'userfeedback'
							),
							question.title.trim() ||
								__( '(untitled)', 'userfeedback' )
						) }
					</p>
					<DeleteArchiveNote count={ responses } />
				</ConfirmDialog>
			) }
		</li>
	);
}
