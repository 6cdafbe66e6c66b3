C SPDX-License-Identifier: BSD-3-Clause
C-----------------------------------------------------------------------
C The demonstration's CPU baseline: CORSIKA-style RMMARD / RMMAQD written
C straight from the algorithm (ranmar.md section 6) the way the original
C Fortran is written: DOUBLE PRECISION table, branches, the skip as a
C loop. Options ' ', 'S' and 'R' (the demonstration needs no 'V').
C KSEQ = 8 sequences, as in CORSIKA 7.56.
C-----------------------------------------------------------------------
      SUBROUTINE RMMARD(RVEC, LENV, ISEQ)
      IMPLICIT NONE
      INTEGER KSEQ
      PARAMETER (KSEQ = 8)
      COMMON /CRRANMA3/ CD, CINT, CM, TWOM24, TWOM48, MODCNS
      DOUBLE PRECISION CD, CINT, CM, TWOM24, TWOM48
      INTEGER MODCNS
      COMMON /CRRANMA4/ C, U, IJKL, I97, J97, NTOT, NTOT2, JSEQ
      DOUBLE PRECISION C(KSEQ), U(97,KSEQ)
      INTEGER IJKL(KSEQ), I97(KSEQ), J97(KSEQ), NTOT(KSEQ),
     &        NTOT2(KSEQ), JSEQ
      INTEGER LENV, ISEQ, IVEC
      DOUBLE PRECISION RVEC(*), UNI
      IF (ISEQ .GT. 0 .AND. ISEQ .LE. KSEQ) JSEQ = ISEQ
      DO 10 IVEC = 1, LENV
        UNI = U(I97(JSEQ),JSEQ) - U(J97(JSEQ),JSEQ)
        IF (UNI .LT. 0.D0) UNI = UNI + 1.D0
        U(I97(JSEQ),JSEQ) = UNI
        I97(JSEQ) = I97(JSEQ) - 1
        IF (I97(JSEQ) .EQ. 0) I97(JSEQ) = 97
        J97(JSEQ) = J97(JSEQ) - 1
        IF (J97(JSEQ) .EQ. 0) J97(JSEQ) = 97
        C(JSEQ) = C(JSEQ) - CD
        IF (C(JSEQ) .LT. 0.D0) C(JSEQ) = C(JSEQ) + CM
        UNI = UNI - C(JSEQ)
        IF (UNI .LT. 0.D0) UNI = UNI + 1.D0
        IF (UNI .EQ. 0.D0) UNI = TWOM48
        RVEC(IVEC) = UNI
   10 CONTINUE
      NTOT(JSEQ) = NTOT(JSEQ) + LENV
      IF (NTOT(JSEQ) .GE. MODCNS) THEN
        NTOT2(JSEQ) = NTOT2(JSEQ) + 1
        NTOT(JSEQ) = NTOT(JSEQ) - MODCNS
      ENDIF
      END

      SUBROUTINE RMMAQD(ISEED, ISEQ, CHOPT)
      IMPLICIT NONE
      INTEGER KSEQ
      PARAMETER (KSEQ = 8)
      COMMON /CRRANMA3/ CD, CINT, CM, TWOM24, TWOM48, MODCNS
      DOUBLE PRECISION CD, CINT, CM, TWOM24, TWOM48
      INTEGER MODCNS
      COMMON /CRRANMA4/ C, U, IJKL, I97, J97, NTOT, NTOT2, JSEQ
      DOUBLE PRECISION C(KSEQ), U(97,KSEQ)
      INTEGER IJKL(KSEQ), I97(KSEQ), J97(KSEQ), NTOT(KSEQ),
     &        NTOT2(KSEQ), JSEQ
      INTEGER ISEED(3), ISEQ
      CHARACTER*(*) CHOPT
      CHARACTER*12 OPT
      DOUBLE PRECISION S, T, CC, UNI, UU(97)
      INTEGER I, J, K, L, M, II, JJ, IJ, KL, I9, J9, LOOP2, N, IDUM
      LOGICAL FIRST
      SAVE FIRST
      DATA FIRST /.TRUE./
      IF (FIRST) THEN
        TWOM24 = 2.D0**(-24)
        TWOM48 = 2.D0**(-48)
        CD = 7654321.D0*TWOM24
        CM = 16777213.D0*TWOM24
        CINT = 362436.D0*TWOM24
        MODCNS = 1000000000
        JSEQ = 1
        FIRST = .FALSE.
      ENDIF
      OPT = CHOPT
      IF (OPT .EQ. ' ') THEN
        ISEED(1) = 54217137
        ISEED(2) = 0
        ISEED(3) = 0
        OPT = 'S'
        JSEQ = 1
      ENDIF
      IF (INDEX(OPT,'S') .NE. 0) THEN
        IF (ISEQ .GT. 0 .AND. ISEQ .LE. KSEQ) JSEQ = ISEQ
        IJKL(JSEQ) = ISEED(1)
        NTOT(JSEQ) = ISEED(2)
        NTOT2(JSEQ) = ISEED(3)
        IJ = IJKL(JSEQ)/30082
        KL = IJKL(JSEQ) - 30082*IJ
        I = MOD(IJ/177, 177) + 2
        J = MOD(IJ, 177) + 2
        K = MOD(KL/169, 178) + 1
        L = MOD(KL, 169)
        DO 30 II = 1, 97
          S = 0.D0
          T = 0.5D0
          DO 20 JJ = 1, 48
            M = MOD(MOD(I*J, 179)*K, 179)
            I = J
            J = K
            K = M
            L = MOD(53*L + 1, 169)
            IF (MOD(L*M, 64) .GE. 32) S = S + T
            T = 0.5D0*T
   20     CONTINUE
          UU(II) = S
   30   CONTINUE
        CC = CINT
        I9 = 97
        J9 = 33
        N = MODCNS
        DO 50 LOOP2 = 1, NTOT2(JSEQ) + 1
          IF (LOOP2 .GT. NTOT2(JSEQ)) N = NTOT(JSEQ)
          DO 40 IDUM = 1, N
            UNI = UU(I9) - UU(J9)
            IF (UNI .LT. 0.D0) UNI = UNI + 1.D0
            UU(I9) = UNI
            I9 = I9 - 1
            IF (I9 .EQ. 0) I9 = 97
            J9 = J9 - 1
            IF (J9 .EQ. 0) J9 = 97
            CC = CC - CD
            IF (CC .LT. 0.D0) CC = CC + CM
   40     CONTINUE
   50   CONTINUE
        I97(JSEQ) = I9
        J97(JSEQ) = J9
        C(JSEQ) = CC
        DO 60 JJ = 1, 97
          U(JJ,JSEQ) = UU(JJ)
   60   CONTINUE
      ELSE IF (INDEX(OPT,'R') .NE. 0) THEN
        IF (ISEQ .GT. 0) THEN
          JSEQ = ISEQ
        ELSE
          ISEQ = JSEQ
        ENDIF
        ISEED(1) = IJKL(JSEQ)
        ISEED(2) = NTOT(JSEQ)
        ISEED(3) = NTOT2(JSEQ)
      ENDIF
      END
