"""People and access: the site's one login page, the club's people page (the director gives a login a role in his
club and takes it away, asked first before taking his own) and the adduser command.

Vocabulary:
    role        what a login may do in one club (``clubs.ClubRole``): "director" (everything), "committee"
                (standings, prize decisions, exports; no seating changes) or "cashier" (the cash desk). The
                rules are in ``common.permissions``; which club a page is in, in ``clubs.scope``.
    lock        after too many wrong passwords for one name from one address the login is refused for a
                cool-off period (django-axes); the login page says so and until when.
"""
