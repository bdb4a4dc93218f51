"""Reading and writing boards (:class:`~belote.board.Board`): PBN, CFN, game JSON, ContrAI
records and the rows of deal tables."""
