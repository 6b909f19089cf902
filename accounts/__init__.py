"""People and access: the site's one login page, the roles (director, committee) and who holds them.

Vocabulary:
    role        a Django group: "director" (everything) or "committee" (standings, prize decisions,
                exports; no seating changes). Staff and superusers count as directors. The rules are in
                ``common.permissions``; this app only makes the groups and the people.
    lock        after too many wrong passwords for one name from one address the login is refused for a
                cool-off period (django-axes); the login page says so and until when.
"""
