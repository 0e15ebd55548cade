from secretloop.cli import main

raise SystemExit(main())
