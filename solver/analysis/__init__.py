"""Analyses of boards: what ``belote solve`` computes for a board, and what the recorded play did
to the double-dummy values."""

from .board import (BoardAnalysis, BoardJob, PlayedResult, TableRequest, TableValue,
                    board_analyses, plan_board)
from .play_record import (CardAnalysis, OutcomeChange, PlayAnalysis, outcome, play_analysis,
                          recorded_cards)
from .play_totals import OUTCOMES, PlayTotals, play_totals
from .position import PositionReport, position_report
from .quiz import QUIZ_MARGIN, Quiz, quiz_position, session_quiz
from .replay import board_data, play_facts, replay_page, script_json, trump_table, value_chart
from .review import (CALL_SAMPLES, MARGIN, PHASES, VERDICTS, DealReview, ReviewedDecision,
                     SessionReview, SingleDummyChoice, call_choice, card_choice, iter_review,
                     review_board, verdict_of)
from .review_page import session_page
from .sd_grades import SDGrade, grade_record, seat_totals

__all__ = ["BoardAnalysis", "BoardJob", "CALL_SAMPLES", "CardAnalysis", "DealReview", "MARGIN",
           "OUTCOMES", "OutcomeChange", "PHASES", "PlayAnalysis", "PlayTotals", "PlayedResult",
           "PositionReport", "QUIZ_MARGIN", "Quiz", "ReviewedDecision", "SDGrade", "SessionReview",
           "SingleDummyChoice", "TableRequest", "TableValue", "VERDICTS", "board_analyses",
           "board_data", "call_choice", "card_choice", "grade_record", "iter_review", "outcome",
           "plan_board", "play_analysis", "play_facts", "play_totals", "position_report",
           "quiz_position", "recorded_cards", "replay_page", "review_board", "script_json",
           "seat_totals", "session_page", "session_quiz", "trump_table", "value_chart",
           "verdict_of"]
