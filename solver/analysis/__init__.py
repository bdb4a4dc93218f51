"""Analyses of boards: what ``belote solve`` computes for a board, and what the recorded play did
to the double-dummy values."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import attach

_TABLE: dict[str, tuple[str, ...]] = {
    ".board": ("BoardAnalysis", "BoardJob", "PlayedResult", "TableRequest", "TableValue",
               "board_analyses", "plan_board"),
    ".play_record": ("CardAnalysis", "OutcomeChange", "PlayAnalysis", "outcome", "play_analysis",
                     "recorded_cards"),
    ".play_totals": ("OUTCOMES", "PlayTotals", "play_totals_of"),
    ".position": ("PositionReport", "position_report"),
    ".quiz": ("QUIZ_MARGIN", "Quiz", "position_before", "quiz_position", "session_quiz"),
    ".replay": ("board_data", "play_facts", "replay_page", "script_json", "trump_table",
                "value_chart"),
    ".review": ("CALL_SAMPLES", "MARGIN", "PHASES", "VERDICTS", "DealReview", "ReviewedDecision",
                "SessionReview", "SingleDummyChoice", "call_choice", "card_choice", "iter_review",
                "review_board", "verdict_of"),
    ".review_page": ("session_page",),
    ".sd_grades": ("SDGrade", "grade_record", "seat_totals"),
}
"""The public names of this package, by home module (see :mod:`belote._lazy`)."""

if TYPE_CHECKING:
    from .board import (BoardAnalysis as BoardAnalysis, BoardJob as BoardJob,
                        PlayedResult as PlayedResult, TableRequest as TableRequest,
                        TableValue as TableValue, board_analyses as board_analyses,
                        plan_board as plan_board)
    from .play_record import (CardAnalysis as CardAnalysis, OutcomeChange as OutcomeChange,
                              PlayAnalysis as PlayAnalysis, outcome as outcome,
                              play_analysis as play_analysis, recorded_cards as recorded_cards)
    from .play_totals import (OUTCOMES as OUTCOMES, PlayTotals as PlayTotals,
                              play_totals_of as play_totals_of)
    from .position import PositionReport as PositionReport, position_report as position_report
    from .quiz import (QUIZ_MARGIN as QUIZ_MARGIN, Quiz as Quiz, position_before as position_before,
                       quiz_position as quiz_position, session_quiz as session_quiz)
    from .replay import (board_data as board_data, play_facts as play_facts,
                         replay_page as replay_page, script_json as script_json,
                         trump_table as trump_table, value_chart as value_chart)
    from .review import (CALL_SAMPLES as CALL_SAMPLES, MARGIN as MARGIN, PHASES as PHASES,
                         VERDICTS as VERDICTS, DealReview as DealReview,
                         ReviewedDecision as ReviewedDecision, SessionReview as SessionReview,
                         SingleDummyChoice as SingleDummyChoice, call_choice as call_choice,
                         card_choice as card_choice, iter_review as iter_review,
                         review_board as review_board, verdict_of as verdict_of)
    from .review_page import session_page as session_page
    from .sd_grades import (SDGrade as SDGrade, grade_record as grade_record,
                            seat_totals as seat_totals)

if not TYPE_CHECKING:  # a checker reads the imports above, and flags other names
    __all__, __getattr__, __dir__ = attach(__name__, _TABLE)
