/**
 * The question cards, reordered by drag and drop (pointer or keyboard: focus a
 * handle, Space to lift, arrows to move, Space to drop).
 */
import {
	DndContext,
	KeyboardSensor,
	PointerSensor,
	closestCenter,
	useSensor,
	useSensors,
	type DragEndEvent,
} from '@dnd-kit/core';
import {
	SortableContext,
	sortableKeyboardCoordinates,
	verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { __ } from '@wordpress/i18n';

import type { Question } from '../../../../shared/types';
import { moveQuestion } from '../../rules';
import { useBuilderStore } from '../../store';
import { QuestionCard } from './QuestionCard';

export function QuestionList( {
	questions,
	isNps,
	onDelete,
}: {
	questions: Question[];
	isNps: boolean;
	onDelete: ( id: number ) => void;
} ) {
	const sensors = useSensors(
		useSensor( PointerSensor, { activationConstraint: { distance: 4 } } ),
		useSensor( KeyboardSensor, {
			coordinateGetter: sortableKeyboardCoordinates,
		} )
	);

	const onDragEnd = ( { active, over }: DragEndEvent ) => {
		if ( ! over || active.id === over.id ) {
			return;
		}
		const from = questions.findIndex( ( q ) => q.id === active.id );
		const to = questions.findIndex( ( q ) => q.id === over.id );
		useBuilderStore
			.getState()
			.update( ( draft ) => moveQuestion( draft, from, to ) );
	};

	return (
		<DndContext
			sensors={ sensors }
			collisionDetection={ closestCenter }
			onDragEnd={ onDragEnd }
			accessibility={ {
				screenReaderInstructions: {
					draggable: __(
						'To pick up a question, press Space or Enter. While dragging, use the arrow keys to move it. Press Space or Enter again to drop it, or Escape to cancel.',
						'userfeedback'
					),
				},
			} }
		>
			<SortableContext
				items={ questions.map( ( q ) => q.id ) }
				strategy={ verticalListSortingStrategy }
			>
				<ol
					className="userfeedback-question-list"
					aria-label={ __( 'Questions', 'userfeedback' ) }
				>
					{ questions.map( ( question, index ) => (
						<QuestionCard
							key={ question.id }
							question={ question }
							index={ index }
							questions={ questions }
							isNps={ isNps }
							onDelete={ onDelete }
						/>
					) ) }
				</ol>
			</SortableContext>
		</DndContext>
	);
}
